// Lint rules run by `npm test` (npm run lint): typescript-eslint's recommended rules, the two rules
// of React hooks (hooks called unconditionally, effects naming what they read) and jsx-a11y's
// recommended rules on the views. Formatting is left to the formatter.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-qa/', 'build/', '.tmp/', '.data/', 'test-results/', 'openapi/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused names are errors, except a leading underscore that says "on purpose".
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // The house's walls (docs/server.md "Where things live"): the machines are pure, the browser does
  // not reach into the server, the server not into the portal, and the kernel (what both read)
  // stands alone. Said with the typescript-eslint rule so that the views' own no-restricted-imports
  // (the door) does not replace these where both apply.
  {
    files: ['machines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(src|server)/', message: 'machines/ is pure: no import of src/ or server/ (shared texts and tables live in kernel/).' },
            { regex: '^(react|react-dom|@xstate/react)(/|$)', message: 'machines/ is pure: no React.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)server/', message: 'The browser imports nothing of server/: what both read lives in kernel/.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(machines|src)/', message: 'server/ imports nothing of the portal: texts and tables both read live in kernel/.' }] },
      ],
    },
  },
  {
    files: ['kernel/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^[^.]', message: 'kernel/ is plain data and functions read by both sides: no package.' },
            { regex: '(^|/)(machines|src|server|scripts|test)/', message: 'kernel/ imports only kernel/ (and the contract types of openapi/).' },
            { regex: '(^|/)openapi/', allowTypeImports: true, message: 'kernel/ takes only types from openapi/.' },
          ],
        },
      ],
    },
  },
  // The door between views and machines (docs/decisions.md "One door"): a view renders the screen
  // model that useFlow / useSessionScreen give and calls their `send` and intents. It never holds an
  // actor or a snapshot, so it cannot decide what the machine already decided.
  {
    files: ['src/flows/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    ignores: ['src/flows/useFlow.ts', 'src/flows/usePageFlow.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@xstate/react', message: 'Views reach a machine through useFlow / usePageFlow / useSessionScreen only.' }],
          patterns: [
            { regex: '(^|/)session/session$', message: 'Views reach the session through useSessionScreen only.' },
            {
              regex: '(^|/)machines/.*\\.machine(\\.ts)?$',
              importNamePattern: '^(?!.*Machine$)',
              message: 'From a machine file a view takes only the machine, for useFlow.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='context']", message: "Views read the screen model, never a snapshot's context." },
        { selector: "CallExpression[callee.property.name='matches']", message: 'Views read the screen model, never match states themselves.' },
        { selector: "CallExpression[callee.property.name='getSnapshot']", message: 'Views read the screen model, never a snapshot.' },
      ],
    },
  },
  {
    // Tests read untyped JSON answers of the server on purpose.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
