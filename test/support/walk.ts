/**
 * Model-based walks: every transition of a machine, walked by a real actor of that machine.
 *
 * 1. PLAN (pure). From each input, a breadth-first traversal of the machine's own `transition`
 *    function. In each snapshot the walk offers, for every event type the active state nodes
 *    handle (`getNextTransitions`), the samples given for that type (or a bare `{ type }`):
 *    - `xstate.done.actor.<id>` / `xstate.error.actor.<id>` only while the invoked actor `<id>` runs
 *      and has not answered yet (an actor answers once);
 *    - `xstate.after.<delay>.<state>` while its state is active.
 *    XState reports, for each step, the transition definitions it took (the `@xstate.microstep`
 *    inspection event carries them, `always` transitions and the chosen guarded branch included).
 *    The plan keeps, for each transition, the shortest event sequence that takes it; sequences that
 *    are the start of a longer one are dropped. (`getShortestPaths` of `xstate/graph` reaches every
 *    *state* but not every *transition*, and cannot tell which guarded branch an edge took, hence
 *    this small traversal of its own.)
 *
 * 2. RUN. Each path is played on a real actor (`createActor`) of the machine, in which:
 *    - every invoked actor (by its `src` name) is a fake `fromPromise` that records its input and
 *      returns a promise the path holds. A step `xstate.done.actor.<id>` resolves that promise with
 *      the sample's `output`, a step `xstate.error.actor.<id>` rejects it with the sample's `error`;
 *      XState itself then turns the settled promise into the done/error event. The synthetic event
 *      is never sent to the actor directly: XState would accept it even if nothing had been
 *      invoked, or the actor had already answered, and the walk would prove nothing about the
 *      invocation, its input or its lifecycle;
 *    - time is a `SimulatedClock`: a step `xstate.after.<delay>.<state>` advances it by the delay;
 *    - the side-effect actions named in `stubActions` record their params instead of acting.
 *    After each step, and whatever promise jobs it set off, the actor's snapshot (state value,
 *    status, context, invoked actors still waiting for an answer) must equal the planned one, and
 *    the `invariant` must hold.
 *
 * 3. COVERAGE. The transitions the real actors took (inspection again) are compared with every
 *    edge of `toDirectedGraph(machine)` plus the `always` transitions, which that graph leaves out.
 *    `assertEveryEdgeWalked()` fails with the list of the edges no run walked. For a machine whose
 *    input switches parts of it off, `assertEveryEdgeWalked({ unreachable })` names the edges that
 *    input must never take; walking one of them fails too.
 *
 * Limits: invoked actors are faked as promise actors (answer once); callback or child-machine
 * actors can be given as they are through `provide.actors`, and then answer by themselves.
 * The internal parts used: `@xstate.microstep` inspection events (`_transitions`), `ActorScope`.
 *
 * Usage (one `it` per path, then the coverage check):
 *
 *   const walk = createWalk(loginMachine, {
 *     inputs: { 'a bank': { provider: 'Banque' } },
 *     events: [{ type: 'login.submit' }, doneEvent('authenticate', { status: 403, body: null }), …],
 *   })
 *   for (const path of walk.paths) it(path.description, () => path.run())
 *   it('walks every transition', () => walk.assertEveryEdgeWalked())   // runs any path not run yet
 */
import {
  SimulatedClock,
  createActor,
  fromPromise,
  fromTransition,
  getNextTransitions,
  type AnyActorRef,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate'
import { getStateNodes, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph'

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/** An event XState produces itself: an actor's answer or a delay. */
export type SyntheticEvent =
  { type: `xstate.done.actor.${string}`; output?: unknown } | { type: `xstate.error.actor.${string}`; error?: unknown } | { type: `xstate.after.${string}` }

/** The answer `output` of the invoked actor `id`. */
export const doneEvent = (id: string, output: unknown): SyntheticEvent => ({ type: `xstate.done.actor.${id}`, output })
/** The failure of the invoked actor `id` (a network failure, a timeout…). */
export const errorEvent = (id: string, error: unknown = new Error(`${id} failed`)): SyntheticEvent => ({
  type: `xstate.error.actor.${id}`,
  error,
})

export interface CoverageOptions {
  /** The edges (by label, as `edges` lists them) that this walk must not take. */
  unreachable?: (edge: string) => boolean
  /**
   * Other walks of the same machine whose edges count too: a part of a chart walked with event
   * samples of its own, so that no one walk's state space explodes (their paths not run yet are
   * run first; `unreachable` holds for them as well).
   */
  together?: ReadonlyArray<Pick<Walk<AnyStateMachine>, 'runRemaining' | 'walkedEdges'>>
}

export interface WalkOptions<TMachine extends AnyStateMachine> {
  /** Named inputs: a walk starts from each (a machine whose start depends on its input needs several). */
  inputs?: Record<string, InputFrom<TMachine>>
  /** Sample events; an event type with no sample is sent as a bare `{ type }`. */
  events?: ReadonlyArray<EventFromLogic<TMachine> | SyntheticEvent>
  /** Implementations kept as given (guards, delays, actors that should not be faked, …). */
  provide?: Parameters<TMachine['provide']>[0]
  /** Side-effect actions replaced by stubs that record their params. */
  stubActions?: readonly string[]
  /** Checked on the real snapshot after every step of every path. */
  invariant?: (snapshot: SnapshotFrom<TMachine>) => void
  /**
   * The flow's screen model (`<flow>.screen.ts`): built on the real snapshot after every step of
   * every path, so that every reachable state has a complete view model that does not throw.
   */
  screen?: (snapshot: SnapshotFrom<TMachine>) => object
  /** Guard against sample sets that make the state space explode. */
  maxStates?: number
}

/** What a run observed, in order: the invoked actors (with their input) and the stubbed actions. */
export type Call = { kind: 'actor'; src: string; id: string; input: unknown } | { kind: 'action'; name: string; params: unknown }

export interface WalkRun<TMachine extends AnyStateMachine> {
  snapshot: SnapshotFrom<TMachine>
  calls: Call[]
}

export interface WalkPath<TMachine extends AnyStateMachine> {
  description: string
  input: InputFrom<TMachine>
  events: ReadonlyArray<EventObject>
  /** Plays the path on a real actor, checking each planned snapshot. */
  run(): Promise<WalkRun<TMachine>>
}

export interface Walk<TMachine extends AnyStateMachine> {
  paths: Array<WalkPath<TMachine>>
  /** Every transition of the machine, as a readable label. */
  edges: string[]
  /** The edges no path run has walked yet. */
  unwalked(): string[]
  /**
   * Runs the paths not run yet (whatever the test order or filter), then fails on unwalked edges.
   * `unreachable` names the edges this walk must never take (a machine whose input switches parts
   * of it off, e.g. one kind of a parametrised machine): they are not missing, and the check fails
   * if one of them was walked — so the list can neither hide a gap nor go stale.
   */
  assertEveryEdgeWalked(options?: CoverageOptions): Promise<void>
  /** Runs every path, then asserts that every edge was walked. */
  runAll(): Promise<void>
  /** Runs the paths not run yet. */
  runRemaining(): Promise<void>
  /** The edges (labels) the paths run so far have walked. */
  walkedEdges(): string[]
  /**
   * Plays any event sequence with the same fakes, for plain assertions (no planned states to
   * compare, and it does not count towards the coverage of the walk).
   */
  play(input: InputFrom<TMachine>, events: ReadonlyArray<EventFromLogic<TMachine> | SyntheticEvent>): Promise<WalkRun<TMachine>>
}

export function createWalk<TMachine extends AnyStateMachine>(machine: TMachine, options: WalkOptions<TMachine> = {}): Walk<TMachine> {
  const base: AnyStateMachine = options.provide ? machine.provide(options.provide as never) : machine
  const inputs = options.inputs ?? { '': undefined as InputFrom<TMachine> }
  const edges = graphEdges(base)
  const walked = new Set<string>()
  const player = makePlayer(base, options)
  const ran = new Set<number>()

  const paths = plan(base, inputs, (options.events ?? []) as EventObject[], options.maxStates ?? 5000).map((p, index): WalkPath<TMachine> => ({
    description: p.description,
    input: p.input as InputFrom<TMachine>,
    events: p.events,
    run: () => {
      ran.add(index)
      return player(p.input, p.events, p.expected, walked) as Promise<WalkRun<TMachine>>
    },
  }))

  const unwalked = () => [...edges].filter(([key]) => !walked.has(key)).map(([, label]) => label)
  const runRemaining = async () => {
    for (const [index, path] of paths.entries()) if (!ran.has(index)) await path.run()
  }
  const assertEveryEdgeWalked = async ({ unreachable = () => false, together = [] }: CoverageOptions = {}) => {
    await runRemaining()
    for (const other of together) await other.runRemaining()
    const alsoWalked = new Set(together.flatMap((other) => other.walkedEdges()))
    const missing = unwalked().filter((label) => !unreachable(label) && !alsoWalked.has(label))
    if (missing.length > 0) {
      throw new Error(`${missing.length} of ${edges.size} transitions were never walked (missing event samples?):\n  ` + missing.join('\n  '))
    }
    const forbidden = [...edges].filter(([key, label]) => (walked.has(key) || alsoWalked.has(label)) && unreachable(label)).map(([, l]) => l)
    if (forbidden.length > 0) {
      throw new Error(`${forbidden.length} transitions said unreachable were walked:\n  ${forbidden.join('\n  ')}`)
    }
  }
  return {
    paths,
    edges: [...edges.values()],
    unwalked,
    assertEveryEdgeWalked,
    runRemaining,
    walkedEdges: () => [...edges].filter(([key]) => walked.has(key)).map(([, label]) => label),
    async runAll() {
      for (const path of paths) await path.run()
      await assertEveryEdgeWalked()
    },
    play: (input, events) => player(input, events as EventObject[], undefined, new Set()) as Promise<WalkRun<TMachine>>,
  }
}

// ---------------------------------------------------------------------------------------------
// Transitions as edges
// ---------------------------------------------------------------------------------------------

/** A stable key: source state, event, rank among that state's transitions for that event. */
function edgeKey(t: AnyTransitionDefinition): string {
  const siblings = t.eventType ? t.source.transitions.get(t.eventType) : t.source.always
  return `${t.source.id}:${t.eventType || 'always'}:${siblings?.indexOf(t) ?? -1}`
}

function edgeLabel(t: AnyTransitionDefinition): string {
  const g: unknown = t.guard
  const guard = typeof g === 'string' ? g : typeof g === 'function' ? g.name || 'inline guard' : g && typeof g === 'object' && 'type' in g ? String(g.type) : ''
  const targets = t.target?.map((n) => n.id).join(', ') ?? '(stays)'
  return `${t.source.id} —${t.eventType || 'always'}${guard ? ` [${guard}]` : ''}→ ${targets}`
}

/** Every edge of `toDirectedGraph`, plus the `always` transitions it leaves out. */
function graphEdges(machine: AnyStateMachine): Map<string, string> {
  const edges = new Map<string, string>()
  const add = (t: AnyTransitionDefinition) => edges.set(edgeKey(t), edgeLabel(t))
  const visit = (node: DirectedGraphNode) => {
    node.edges.forEach((edge) => add(edge.transition))
    node.stateNode.always?.forEach(add)
    node.children.forEach(visit)
  }
  visit(toDirectedGraph(machine))
  return edges
}

// ---------------------------------------------------------------------------------------------
// Plan
// ---------------------------------------------------------------------------------------------

interface PlannedPath {
  description: string
  input: unknown
  events: EventObject[]
  /** The serialized snapshot expected at start and after each event. */
  expected: string[]
}

/** value, status, context, and the invoked actors still waiting for an answer. */
function serialize(snapshot: AnyMachineSnapshot, running: string[]): string {
  const { value, status, context } = snapshot
  return JSON.stringify({ value, status, context, running })
}

const isAnswer = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')
const actorIdOf = (type: string) => type.replace(/^xstate\.(done|error)\.actor\./, '')

function plan(machine: AnyStateMachine, inputs: Record<string, unknown>, samples: EventObject[], maxStates: number): PlannedPath[] {
  // A scope whose system reports the transitions XState takes; actions are not executed.
  const taken: AnyTransitionDefinition[] = []
  const self: AnyActorRef = createActor(
    fromTransition((s) => s, null),
    {
      inspect: (ev: InspectionEvent) => {
        if (ev.type === '@xstate.microstep' && ev.actorRef === self) taken.push(...ev._transitions)
      },
    },
  )
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    system: self.system,
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
  }
  const step = <T>(compute: () => T): [T, string[]] => {
    taken.length = 0
    const result = compute()
    return [result, taken.map(edgeKey)]
  }

  interface Node {
    snapshot: AnyMachineSnapshot
    /** Invoked actors that already answered (an actor answers once). */
    answered: Set<AnyActorRef>
    key: string
    inputName: string
    events: EventObject[]
    expected: string[]
  }
  const running = (s: AnyMachineSnapshot, answered: Set<AnyActorRef>) =>
    Object.entries(s.children as Record<string, AnyActorRef>)
      .filter(([, ref]) => !answered.has(ref))
      .map(([id]) => id)
      .sort()
  const samplesOf = (type: string): EventObject[] => {
    const given = samples.filter((e) => e.type === type)
    if (given.length > 0) return given
    if (type.startsWith('xstate.error.actor.')) return [errorEvent(actorIdOf(type))]
    return [{ type }]
  }
  const offered = (node: Node): EventObject[] => {
    const types = new Set(getNextTransitions(node.snapshot).map((t) => t.eventType))
    return [...types]
      .filter((type) => {
        if (!type || type === '*' || type.startsWith('xstate.done.state.') || type.startsWith('xstate.snapshot.')) return false
        if (isAnswer(type)) {
          const child = (node.snapshot.children as Record<string, AnyActorRef>)[actorIdOf(type)]
          return child !== undefined && !node.answered.has(child)
        }
        return true
      })
      .flatMap(samplesOf)
  }

  const chosen = new Map<string, { inputName: string; events: EventObject[]; expected: string[] }>()
  const choose = (keys: string[], inputName: string, events: EventObject[], expected: string[]) => {
    for (const key of keys) if (!chosen.has(key)) chosen.set(key, { inputName, events, expected })
  }

  const seen = new Set<string>()
  const queue: Node[] = []
  for (const [inputName, input] of Object.entries(inputs)) {
    const [snapshot, keys] = step(() => machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot)
    const answered = new Set<AnyActorRef>()
    const key = serialize(snapshot, running(snapshot, answered))
    choose(keys, inputName, [], [key])
    if (!seen.has(key)) {
      seen.add(key)
      queue.push({ snapshot, answered, key, inputName, events: [], expected: [key] })
    }
  }
  for (let node = queue.shift(); node; node = queue.shift()) {
    if (node.snapshot.status !== 'active') continue
    for (const event of offered(node)) {
      const answered = new Set(node.answered)
      if (isAnswer(event.type)) answered.add((node.snapshot.children as Record<string, AnyActorRef>)[actorIdOf(event.type)]!)
      const [snapshot, keys] = step(() => machine.transition(node.snapshot, event, scope) as AnyMachineSnapshot)
      if (keys.length === 0) continue // the event is ignored here
      const key = serialize(snapshot, running(snapshot, answered))
      const next: Node = {
        snapshot,
        answered,
        key,
        inputName: node.inputName,
        events: [...node.events, event],
        expected: [...node.expected, key],
      }
      choose(keys, next.inputName, next.events, next.expected)
      if (!seen.has(key)) {
        seen.add(key)
        if (seen.size > maxStates) throw new Error(`more than ${maxStates} states: give fewer event samples`)
        queue.push(next)
      }
    }
  }

  // One path per distinct sequence; a sequence that starts a longer one of the same input is dropped.
  const unique = new Map<string, { inputName: string; events: EventObject[]; expected: string[] }>()
  for (const p of chosen.values()) unique.set(`${p.inputName}\u0000${JSON.stringify(p.events)}`, p)
  const all = [...unique.values()]
  const isPrefixOf = (a: EventObject[], b: EventObject[]) => a.length < b.length && a.every((e, i) => JSON.stringify(e) === JSON.stringify(b[i]))
  const multipleInputs = Object.keys(inputs).length > 1
  return all
    .filter((p) => !all.some((q) => q.inputName === p.inputName && isPrefixOf(p.events, q.events)))
    .map((p) => ({
      description:
        (multipleInputs ? `[${p.inputName}] ` : '') +
        (p.events.length ? p.events.map(formatEvent).join(' → ') : '(start)') +
        ' ⇒ ' +
        formatState(JSON.parse(p.expected[p.expected.length - 1]!).value),
      input: inputs[p.inputName],
      events: p.events,
      expected: p.expected,
    }))
}

function formatEvent(event: EventObject): string {
  const { type, ...payload } = event
  const short = type.replace(/^xstate\./, '')
  const json = JSON.stringify(payload, (_, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v))
  if (json === '{}') return short
  return `${short} ${json.length > 80 ? `${json.slice(0, 77)}…` : json}`
}

/** `{ signedIn: { dialog: 'active', counter: 'counting' } }` → `signedIn.dialog.active + signedIn.counter.counting` */
function formatState(value: unknown, prefix = ''): string {
  if (typeof value === 'string') return prefix + value
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => formatState(v, `${prefix}${k}.`))
    .join(' + ')
}

// ---------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------

function invokedSources(machine: AnyStateMachine): string[] {
  const sources = [machine.root, ...getStateNodes(machine.root)].flatMap((node) =>
    node.invoke.map((inv) => inv.src).filter((src): src is string => typeof src === 'string'),
  )
  return [...new Set(sources)]
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

function makePlayer<TMachine extends AnyStateMachine>(base: AnyStateMachine, options: WalkOptions<TMachine>) {
  const given = Object.keys((options.provide as { actors?: object } | undefined)?.actors ?? {})
  const faked = invokedSources(base).filter((src) => !given.includes(src))

  return async function play(input: unknown, events: EventObject[], expected: string[] | undefined, walked: Set<string>) {
    const calls: Call[] = []
    const waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
    const actors = Object.fromEntries(
      faked.map((src) => [
        src,
        fromPromise<unknown, unknown>(({ input: actorInput, self }) => {
          calls.push({ kind: 'actor', src, id: self.id, input: actorInput })
          return new Promise((resolve, reject) => waiting.set(self.id, { resolve, reject }))
        }),
      ]),
    )
    const actions = Object.fromEntries(
      (options.stubActions ?? []).map((name) => [name, (_: unknown, params: unknown) => void calls.push({ kind: 'action', name, params })]),
    )
    const clock = new SimulatedClock()
    const actor = createActor(base.provide({ actors, actions } as never), {
      input,
      clock,
      inspect: (ev: InspectionEvent) => {
        if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId) {
          ev._transitions.forEach((t) => walked.add(edgeKey(t)))
        }
      },
    })
    actor.subscribe({ error: () => {} }) // an error is reported by the state check below

    const check = (index: number) => {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot
      const where = index === 0 ? 'at start' : `after step ${index} (${formatEvent(events[index - 1]!)})`
      if (snapshot.status === 'error') throw new Error(`the actor failed ${where}: ${String(snapshot.error)}`)
      const running = Object.entries(snapshot.children as Record<string, AnyActorRef>)
        .filter(([, ref]) => ref.getSnapshot().status === 'active')
        .map(([id]) => id)
        .sort()
      const actual = serialize(snapshot, running)
      const wanted = expected?.[index]
      if (wanted !== undefined && actual !== wanted) {
        throw new Error(`the real actor left the model ${where}:\n  expected ${wanted}\n  actual   ${actual}`)
      }
      if (options.screen) {
        let model: unknown
        try {
          model = options.screen(snapshot as SnapshotFrom<TMachine>)
        } catch (error) {
          throw new Error(`the screen model failed ${where}: ${String(error)}`)
        }
        if (typeof model !== 'object' || model === null) throw new Error(`no screen model ${where}`)
      }
      options.invariant?.(snapshot as SnapshotFrom<TMachine>)
    }

    actor.start()
    await settle()
    check(0)
    for (const [i, event] of events.entries()) {
      if (isAnswer(event.type)) {
        const id = actorIdOf(event.type)
        const pending = waiting.get(id)
        if (!pending) throw new Error(`step ${i + 1}: no invoked actor "${id}" is waiting for an answer`)
        waiting.delete(id)
        if (event.type.startsWith('xstate.done.')) pending.resolve((event as { output?: unknown }).output)
        else pending.reject((event as { error?: unknown }).error)
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(delayOf(base, event.type, actor.getSnapshot() as AnyMachineSnapshot))
      } else {
        actor.send(event)
      }
      await settle() // let anything the step set off happen before comparing
      check(i + 1)
    }
    const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>
    actor.stop()
    return { snapshot, calls }
  }
}

/** The delay of `xstate.after.<delay>.<state id>`: a number of ms, or a delay named in `setup`. */
function delayOf(machine: AnyStateMachine, type: string, snapshot: AnyMachineSnapshot): number {
  const name = type.slice('xstate.after.'.length).split('.')[0] ?? ''
  if (/^\d+$/.test(name)) return Number(name)
  const delay: unknown = (machine.implementations.delays as Record<string, unknown>)[name]
  if (typeof delay === 'number') return delay
  if (typeof delay === 'function') return (delay as (a: object, p: unknown) => number)({ context: snapshot.context }, undefined)
  throw new Error(`unknown delay "${name}" in ${type}`)
}
