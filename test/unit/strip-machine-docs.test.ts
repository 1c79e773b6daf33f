/**
 * scripts/vite/strip-machine-docs.ts: production builds leave out the machines' `description` and
 * `meta` (docs/qa.md), and nothing else. First the transform as a pure function on a config that
 * has every kind of place; then the real machines built by Vite with the plugin, walked state by
 * state and run. (test/e2e/qa.test.ts (a) checks the app's bundles: production without, QA with.)
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, parseAst } from 'vite'
import { createActor, fromPromise, type AnyStateMachine, type AnyStateNode } from 'xstate'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuthAnswer } from '../../machines/login/login.types.ts'
import { machineRegistry, type MachineEntry } from '../../machines/registry.ts'
import { stripMachineDocs, stripMachineDocsPlugin } from '../../scripts/vite/strip-machine-docs.ts'

/** Runs the code with `createMachine` returning its config, and gives back the named bindings. */
function evaluate(code: string, names: string[]): Record<string, unknown> {
  const createMachine = (config: unknown) => config
  const setup = () => ({ createMachine })
  const label = () => 'computed'
  const specOf = (name: string) => ({ spec: name })
  return new Function('createMachine', 'setup', 'label', 'specOf', `${code}\nreturn { ${names.join(', ')} }`)(createMachine, setup, label, specOf)
}

const strip = (code: string) => stripMachineDocs(code, parseAst(code), 'machine.js')

describe('the transform (a pure function of the code and its AST)', () => {
  const source = `
const machine = createMachine({
  id: 'm',
  description: 'The machine.',
  context: { description: 'a field of the data', meta: { kept: true } },
  initial: 'a',
  on: {
    description: 'b',
    meta: { target: 'a', description: 'an event named meta: its transition is documented', meta: { spec: 'x' } },
  },
  states: {
    a: {
      description: \`A \${'template'}\`,
      meta: { spec: 'spec §1' },
      entry: { type: 'act', params: { description: 'a parameter' } },
      invoke: {
        src: 'call',
        input: { description: 'an input' },
        onDone: [{ target: 'b', description: 'done, ' + ('concatenated') }, { target: 'c' }],
        onError: { target: 'c', description: 'failed', meta: { spec: 'y' } },
      },
      after: { 1000: { target: 'c', description: 'later' } },
      always: [{ guard: 'g', target: 'b', description: 'always' }],
    },
    b: { type: 'final', output: { description: 'an output' }, description: 'last, no trailing comma' },
    c: { description: 'alone', meta: { spec: 'z' } },
    description: { description: 'a state named description', meta: { spec: 'w' }, type: 'final' },
    d: { description: label(), meta: specOf('d') },
  },
})
const flow = setup({ guards: { description: 'setup is not the config' } }).createMachine({ id: 'f', description: 'Flow.', states: { s: { meta: { spec: 's' } } } })
const notAMachine = { description: 'not in createMachine', meta: { spec: 'kept' } }
`
  const result = strip(source)
  const { machine, flow, notAMachine } = evaluate(result!.code, ['machine', 'flow', 'notAMachine'])

  it('removes every description and meta of the config, at every depth, and keeps the rest', () => {
    expect(machine).toEqual({
      id: 'm',
      context: { description: 'a field of the data', meta: { kept: true } },
      initial: 'a',
      on: { description: 'b', meta: { target: 'a' } },
      states: {
        a: {
          entry: { type: 'act', params: { description: 'a parameter' } },
          invoke: {
            src: 'call',
            input: { description: 'an input' },
            onDone: [{ target: 'b' }, { target: 'c' }],
            onError: { target: 'c' },
          },
          after: { 1000: { target: 'c' } },
          always: [{ guard: 'g', target: 'b' }],
        },
        b: { type: 'final', output: { description: 'an output' } },
        c: {},
        description: { type: 'final' },
        d: { description: 'computed', meta: { spec: 'd' } },
      },
    })
    expect(flow).toEqual({ id: 'f', states: { s: {} } })
    expect(result!.removed).toBe(17)
  })

  it('keeps the data: context, input, params, output; names of states and events; computed values', () => {
    expect((machine as { context: unknown }).context).toEqual({ description: 'a field of the data', meta: { kept: true } })
    expect(result!.code).toContain(`description: label()`)
    expect(result!.code).toContain(`meta: specOf('d')`)
  })

  it('touches nothing outside the argument of createMachine', () => {
    expect(notAMachine).toEqual({ description: 'not in createMachine', meta: { spec: 'kept' } })
    expect(result!.code).toContain(`setup({ guards: { description: 'setup is not the config' } })`)
  })

  it('removes the documentation of a part of a chart written apart, setup(...).createStateConfig(...)', () => {
    const part = strip(
      `const part = (s) => s.createStateConfig({ description: 'A part.', meta: { spec: 'p' }, on: { go: { target: 'b', description: 'goes' } } })`,
    )
    expect(part!.removed).toBe(3)
    const make = new Function(`${part!.code}\nreturn part`)() as (s: { createStateConfig: (config: unknown) => unknown }) => unknown
    expect(make({ createStateConfig: (config) => config })).toEqual({ on: { go: { target: 'b' } } })
  })

  it('removes the documentation of a piece several charts share, chartPart(...), and keeps its data', () => {
    const piece = strip(
      `const piece = (target) => chartPart({ 'code.submit': [{ target, actions: { type: 'a', params: { description: 'data' } }, description: 'sends' }], onError: { target, description: 'no answer' } })`,
    )
    expect(piece!.removed).toBe(2)
    const make = new Function('chartPart', `${piece!.code}\nreturn piece`)((part: unknown) => part) as (target: string) => unknown
    expect(make('b')).toEqual({ 'code.submit': [{ target: 'b', actions: { type: 'a', params: { description: 'data' } } }], onError: { target: 'b' } })
  })

  it('gives a source map of the edit, and nothing for code without documentation', () => {
    expect(result!.map.sources).toEqual(['machine.js'])
    expect(result!.map.mappings).not.toBe('')
    expect(strip(`const plain = { description: 'x' }\ncreateMachine({ id: 'bare' })`)).toBeNull()
  })
})

// ---------------------------------------------------------------------------------------------
// The real machines, built by Vite with the plugin as a production build builds them
// ---------------------------------------------------------------------------------------------

const root = resolve(import.meta.dirname, '../..')
const outDir = resolve(root, '.tmp/unit-strip-machine-docs')

function nodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    nodes.push(node)
    Object.values(node.states).forEach(visit)
  }
  visit(machine.root)
  return nodes
}

/** Every transition of a state node: event, guard, targets, description. */
function transitionsOf(node: AnyStateNode) {
  const all = [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
  return all.map((t) => ({
    event: t.eventType,
    guard: typeof t.guard === 'string' ? t.guard : (t.guard as { type?: string } | undefined)?.type,
    targets: t.target?.map((target) => target.id),
    description: t.description,
  }))
}

/** The shape of a machine without its documentation: states, their kind, their transitions. */
const shapeOf = (machine: AnyStateMachine) =>
  nodesOf(machine).map((node) => ({
    id: node.id,
    type: node.type,
    transitions: transitionsOf(node).map(({ description: _, ...rest }) => rest),
  }))

describe('the machines of machines/*.ts, built with the plugin', () => {
  let built: MachineEntry[]

  beforeAll(async () => {
    // A production build (Vitest sets NODE_ENV=test), not an inspector build, whatever the shell says.
    const shell = { NODE_ENV: process.env.NODE_ENV, VITE_INSPECT: process.env.VITE_INSPECT }
    process.env.NODE_ENV = 'production'
    delete process.env.VITE_INSPECT
    try {
      await build({
        root,
        configFile: false,
        mode: 'production',
        logLevel: 'silent',
        plugins: [stripMachineDocsPlugin()],
        build: { ssr: resolve(root, 'machines/registry.ts'), outDir, emptyOutDir: true, minify: false },
      })
    } finally {
      for (const [name, value] of Object.entries(shell))
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
    }
    const output = resolve(outDir, 'registry.js')
    // Not vacuous: the machines' own code went through the build, without the documentation.
    expect(readFileSync(output, 'utf8')).not.toContain('Sign-in with the user code and the PIN')
    built = ((await import(pathToFileURL(output).href)) as typeof import('../../machines/registry.ts')).machineRegistry
  }, 60_000)

  it('the source machines are documented (so that the check below is not vacuous)', () => {
    for (const { machine } of machineRegistry) {
      expect(machine.root.description, machine.id).toBeTruthy()
      expect(nodesOf(machine).filter((node) => node.meta).length, machine.id).toBeGreaterThan(0)
    }
  })

  it('no state node keeps a description or a meta', () => {
    expect(built.map((entry) => entry.id)).toEqual(machineRegistry.map((entry) => entry.id))
    for (const { machine } of built)
      for (const node of nodesOf(machine)) {
        expect(node.description, node.id).toBeUndefined()
        expect(node.meta, node.id).toBeUndefined()
      }
  })

  it('a transition keeps its description only when written outside createMachine(...)', () => {
    const described = built.flatMap(({ machine }) =>
      nodesOf(machine).flatMap((node) =>
        transitionsOf(node)
          .filter((t) => t.description)
          .map((t) => `${machine.id} ${t.event}`),
      ),
    )
    // balance and statement share their submit transitions (and statement its download links), and
    // the session its reading of the accounts, as constants above the machine: the plugin edits
    // only the argument of createMachine(...).
    expect(new Set(described)).toEqual(
      new Set([
        'balance balance.submit',
        'statement statement.submit',
        'statement download.pdf',
        'statement download.csv',
        'session xstate.done.actor.loadAccounts',
        'session xstate.error.actor.loadAccounts',
      ]),
    )
  })

  it('every machine keeps its states, events, guards and targets', () => {
    for (const [index, { machine }] of built.entries()) expect(shapeOf(machine), machine.id).toEqual(shapeOf(machineRegistry[index]!.machine))
  })

  it('the built login machine still signs in, and still checks its form (spec §4 Login, §5)', async () => {
    const login = built.find((entry) => entry.id === 'login')!.machine
    const answer: AuthAnswer = { status: 200, body: { code: '0', token: 't', name: 'Awa', kcode: 'K1', modules: [{ code: 'solde' }] } }
    const actor = createActor(login.provide({ actors: { authenticate: fromPromise(async () => answer) }, actions: { startSession: () => {} } }), {
      input: { provider: 'Banque' },
    }).start()
    actor.send({ type: 'login.submit' })
    expect(actor.getSnapshot().context.errors).toEqual({ username: 'Veuillez saisir le code', password: 'Veuillez saisir le mot de passe' })
    actor.send({ type: 'field.change', field: 'username', value: 'K1' })
    actor.send({ type: 'field.change', field: 'password', value: '12345' })
    actor.send({ type: 'login.submit' })
    await new Promise((done) => actor.subscribe({ complete: () => done(undefined) }))
    expect(actor.getSnapshot().output).toEqual({ token: 't', user: { name: 'Awa', kcode: 'K1', modules: ['solde'] }, idleSeconds: null, mustChangePin: false })
  })
})
