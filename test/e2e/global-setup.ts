import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { E2E_DIST, E2E_DIST_QA } from './harness'

/**
 * Builds the SPA once for every browser test file, the way `npm start` does (production build),
 * and the QA build (`npm run build:qa`: VITE_INSPECT=true) that test/e2e/qa.test.ts compares it with.
 */
export default async function setup(): Promise<void> {
  // The production build is one whatever the shell exports: no inspector flag leaks into it.
  const { VITE_INSPECT: _ignored, ...shell } = process.env
  const build = (outDir: string, env: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir], {
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...shell, NODE_ENV: 'production', ...env },
    }).then(({ stderr }) => process.stderr.write(stderr))
  // Side by side: each build spends part of its time waiting on the disk and on its workers.
  await Promise.all([build(E2E_DIST), build(E2E_DIST_QA, { VITE_INSPECT: 'true' })])
}
