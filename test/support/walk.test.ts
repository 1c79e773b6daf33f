/** The walk helper itself: it must fail when it should, so that a green walk means something. */
import { assign, fromPromise, setup } from 'xstate'
import { describe, expect, it } from 'vitest'
import { createWalk, doneEvent, errorEvent } from './walk.ts'

const toy = setup({
  types: {
    context: {} as { n: number; log: string[] },
    events: {} as { type: 'go'; n: number } | { type: 'reset' },
    input: {} as { start: number },
  },
  actors: {
    fetchN: fromPromise<number, { n: number }>(async () => {
      throw new Error('provided by src/')
    }),
  },
  actions: {
    notify: (_, _params: { n: number }) => {
      throw new Error('provided by src/')
    },
  },
  guards: {
    isBig: (_, n: number) => n > 10,
  },
}).createMachine({
  id: 'toy',
  context: ({ input }) => ({ n: input.start, log: [] }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: ({ context }) => context.n > 0, target: 'idle' }, { target: 'empty' }],
    },
    empty: { on: { go: { target: 'loading', actions: assign({ n: ({ event }) => event.n }) } } },
    idle: { on: { go: { target: 'loading', actions: assign({ n: ({ event }) => event.n }) } } },
    loading: {
      invoke: {
        id: 'fetch',
        src: 'fetchN',
        input: ({ context }) => ({ n: context.n }),
        onDone: [
          { guard: { type: 'isBig', params: ({ event }) => event.output }, target: 'big' },
          { target: 'idle', actions: { type: 'notify', params: ({ event }) => ({ n: event.output }) } },
        ],
        onError: 'failed',
      },
    },
    big: { after: { 1000: 'idle' } },
    failed: { on: { reset: 'idle' } },
  },
})

const inputs = { empty: { start: 0 }, started: { start: 1 } }

describe('walk helper', () => {
  it('walks every transition, always and after included, through real actors', async () => {
    const walk = createWalk(toy, {
      inputs,
      events: [{ type: 'go', n: 5 }, doneEvent('fetch', 3), doneEvent('fetch', 30), errorEvent('fetch')],
      stubActions: ['notify'],
    })
    expect(walk.edges).toHaveLength(9)
    await walk.runAll()
    expect(walk.unwalked()).toEqual([])
  })

  it('the coverage check runs the paths not run yet; play() does not count as coverage', async () => {
    const walk = createWalk(toy, {
      inputs,
      events: [{ type: 'go', n: 5 }, doneEvent('fetch', 3), doneEvent('fetch', 30)],
      stubActions: ['notify'],
    })
    await walk.play({ start: 1 }, [{ type: 'go', n: 5 }])
    expect(walk.unwalked()).toHaveLength(9)
    await walk.assertEveryEdgeWalked()
    expect(walk.unwalked()).toEqual([])
  })

  it('lists the transitions no sample drives', async () => {
    const walk = createWalk(toy, {
      inputs: { started: { start: 1 } },
      events: [{ type: 'go', n: 5 }, doneEvent('fetch', 3)],
      stubActions: ['notify'],
    })
    await walk.runAll().then(
      () => expect.unreachable(),
      (error: Error) => {
        expect(error.message).toContain('toy.routing —always→ toy.empty')
        expect(error.message).toContain('toy.loading —xstate.done.actor.fetch [isBig]→ toy.big')
        expect(error.message).not.toContain('xstate.error.actor.fetch') // a failure needs no sample
      },
    )
  })

  it('edges said unreachable are not missing, but walking one of them fails', async () => {
    const walk = createWalk(toy, {
      inputs: { started: { start: 1 } },
      events: [{ type: 'go', n: 5 }, doneEvent('fetch', 3), doneEvent('fetch', 30), errorEvent('fetch')],
      stubActions: ['notify'],
    })
    const empty = (edge: string) => edge.startsWith('toy.empty') || edge === 'toy.routing —always→ toy.empty'
    await walk.assertEveryEdgeWalked({ unreachable: empty })
    await walk.assertEveryEdgeWalked({ unreachable: (edge) => empty(edge) || edge.startsWith('toy.failed') }).then(
      () => expect.unreachable(),
      (error: Error) => {
        expect(error.message).toContain('said unreachable were walked')
        expect(error.message).toContain('toy.failed —reset→ toy.idle')
      },
    )
  })

  it('feeds answers through the invoked actor, which records its input', async () => {
    const walk = createWalk(toy, { inputs, stubActions: ['notify'] })
    const { snapshot, calls } = await walk.play({ start: 1 }, [{ type: 'go', n: 7 }, doneEvent('fetch', 4)])
    expect(snapshot.value).toBe('idle')
    expect(calls).toEqual([
      { kind: 'actor', src: 'fetchN', id: 'fetch', input: { n: 7 } },
      { kind: 'action', name: 'notify', params: { n: 4 } },
    ])
    await expect(walk.play({ start: 1 }, [doneEvent('fetch', 4)])).rejects.toThrow(/no invoked actor "fetch"/)
  })

  it('fails when the real actor leaves the model', async () => {
    // An actor given as is answers at once: the real actor is no longer where the plan expects.
    const walk = createWalk(toy, {
      inputs,
      events: [{ type: 'go', n: 5 }],
      stubActions: ['notify'],
      provide: { actors: { fetchN: fromPromise<number, { n: number }>(async () => 2) } },
    })
    const path = walk.paths.find((p) => p.events.length === 1)!
    await expect(path.run()).rejects.toThrow(/left the model/)
  })

  it('fails when an action that should be provided is not', async () => {
    const walk = createWalk(toy, { inputs, events: [{ type: 'go', n: 5 }, doneEvent('fetch', 3)] })
    await expect(walk.runAll()).rejects.toThrow(/provided by src/)
  })

  it('checks the invariant after every step', async () => {
    const walk = createWalk(toy, {
      inputs,
      events: [{ type: 'go', n: 50 }],
      stubActions: ['notify'],
      invariant: (s) => expect(s.context.n).toBeLessThan(10),
    })
    await expect(walk.runAll()).rejects.toThrow()
  })

  it('builds the screen model after every step: a screen that throws, or gives nothing, fails the walk', async () => {
    const built = new Set<string>()
    const events = [{ type: 'go', n: 5 } as const, doneEvent('fetch', 3), doneEvent('fetch', 30), errorEvent('fetch')]
    await createWalk(toy, {
      inputs,
      events,
      stubActions: ['notify'],
      screen: (s) => (built.add(String(s.value)), {}),
    }).runAll()
    expect([...built].sort()).toEqual(['big', 'empty', 'failed', 'idle', 'loading'])

    const throwing = createWalk(toy, {
      inputs,
      events,
      stubActions: ['notify'],
      screen: (s) => {
        if (s.matches('failed')) throw new Error('no screen for failed')
        return {}
      },
    })
    await expect(throwing.runAll()).rejects.toThrow(/the screen model failed after step 2 .*no screen for failed/)
    const empty = createWalk(toy, { inputs, events, stubActions: ['notify'], screen: () => null as unknown as object })
    await expect(empty.runAll()).rejects.toThrow(/no screen model at start/)
  })
})
