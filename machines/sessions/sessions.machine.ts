/**
 * "Sessions et appareils" (rulings §9.4, REQ-SESSION-03; link from "Mon profil"): the customer's open sessions —
 * browser and system, address, "Ouverte le …", "Dernière activité …", the current one marked "Cette
 * session" — and the buttons that end one of the others or all of them, each after a confirmation.
 *
 *   loading ──code '0'──▶ shown ──session.end {id} [another one listed]──▶ confirmingOne ──end.confirm──▶ closingOne
 *      │ ▲                  │   ──sessions.endOthers [others listed]──▶ confirmingOthers ──end.confirm──▶ closingOthers
 *      │ │                  ▲   (end.cancel goes back to shown)
 *      │ └── closed (or already over): the list is read again, with the message ──┘
 *      └── failure ──▶ failed ──sessions.retry──▶ loading
 *
 * An answer that ended the session (HTTP 403 or code '2') goes to `failed` without a message: the
 * session machine signs out (or, for the temporary PIN's 403 code '3', opens its screen). Ending a
 * session ends it on the server at once (its next call is refused as an expired session); the
 * current one is never offered (that is logout).
 */
import { assign, setup } from 'xstate'
import { sessionList as texts } from '../messages.ts'
import { isSessionEnded, stubActor } from '../shared/answers.ts'
import { closeOthersOutcome, closeOutcome, freshSessionsContext, isListAnswer, isOtherListed, othersOf, sessionsOf } from './sessions.rules.ts'
import type { CloseOthersAnswer, CloseSessionAnswer, CloseSessionInput, SessionListAnswer, SessionsContext, SessionsEvent } from './sessions.types.ts'

const listAnswer = ({ event }: { event: { output: SessionListAnswer } }) => event.output
const closeAnswer = ({ event }: { event: { output: CloseSessionAnswer } }) => event.output
const closeOthersAnswer = ({ event }: { event: { output: CloseOthersAnswer } }) => event.output

export const sessionsMachine = setup({
  types: {
    context: {} as SessionsContext,
    events: {} as SessionsEvent,
  },
  actors: {
    /** GET sessions → HTTP status and body. Provided by src/. */
    loadSessions: stubActor<SessionListAnswer>('loadSessions'),
    /** POST sessions/end {id} → HTTP status and body. Provided by src/. */
    closeSession: stubActor<CloseSessionAnswer, CloseSessionInput>('closeSession'),
    /** POST sessions/end-others → HTTP status and body. Provided by src/. */
    closeOtherSessions: stubActor<CloseOthersAnswer>('closeOtherSessions'),
  },
  guards: {
    /** spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' (or the temporary PIN's code '3') — the session machine takes over. */
    isSessionEnded: (_, answer: { status: number; body: { code?: unknown; status?: unknown } | null }) => isSessionEnded(answer),
    /** rulings §9.4: a usable list (HTTP success, code '0', a list of sessions). */
    isListAnswer: (_, answer: SessionListAnswer) => isListAnswer(answer),
    /** rulings §9.4: "Fermer cette session" on one of the other sessions listed (never the current one). */
    isOtherListed: ({ context, event }) => event.type === 'session.end' && isOtherListed(context, event.id),
    /** rulings §9.4: "Fermer toutes les autres sessions" when another session is listed. */
    hasOthers: ({ context }) => othersOf(context.sessions).length > 0,
    /** rulings §9.4: the session is ended (code '0'), or was already over (404). */
    isClosed: (_, answer: CloseSessionAnswer) => closeOutcome(answer).ok,
    /** rulings §9.4: the other sessions are ended (code '0'). */
    areOthersClosed: (_, answer: CloseOthersAnswer) => closeOthersOutcome(answer).ok,
  },
  actions: {
    /** rulings §9.4: the open sessions, the current one first. */
    setList: assign({ sessions: (_, answer: SessionListAnswer) => sessionsOf(answer) }),
    /** rulings §9.4: the session "Fermer cette session" was clicked for; null forgets it. */
    setTarget: assign({ target: (_, { id }: { id: string | null }) => id }),
    /** The failure banner; null clears it. */
    setError: assign({ error: (_, { message }: { message: string | null }) => message }),
    /** The banner of sessions ended; null clears it. */
    setNotice: assign({ notice: (_, { message }: { message: string | null }) => message }),
  },
}).createMachine({
  id: 'sessions',
  description:
    'Sessions et appareils: each open session (browser and system, address, opened, last activity), the current ' +
    'one marked, the buttons that end one of the others or all of them after a confirmation (rulings §9.4, REQ-SESSION-03).',
  context: freshSessionsContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'The spinner: the open sessions are being read (the last list stays shown meanwhile).',
      tags: ['busy'],
      meta: { spec: 'rulings §9.4; GET sessions' },
      entry: { type: 'setError', params: { message: null } },
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: listAnswer },
            target: 'failed',
            description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'isListAnswer', params: listAnswer },
            target: 'shown',
            actions: { type: 'setList', params: listAnswer },
            description: "rulings §9.4: code '0' — the open sessions, the current one first",
          },
          {
            target: 'failed',
            actions: { type: 'setError', params: { message: texts.loadError } },
            description: "a code other than '0', an HTTP error or an unreadable body: the message, whose click reads again (as spec §8's accounts message)",
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: { message: texts.loadError } },
          description: 'rulings §9.4, spec §8 (as the accounts message): no answer (network failure, timeout) — the message, whose click reads again',
        },
      },
    },
    failed: {
      description: 'The message sessions.loadError (a click reads again), or nothing when the session ended.',
      meta: { spec: 'rulings §9.4; spec §8 (worded as the accounts message)' },
      on: {
        'sessions.retry': {
          target: 'loading',
          actions: { type: 'setNotice', params: { message: null } },
          description: 'rulings §9.4, spec §8 (as the accounts message): a click on the message reads the sessions again',
        },
      },
    },
    shown: {
      description:
        'The list: each session with its device, address, "Ouverte le …" and "Dernière activité …"; "Cette session" ' +
        'marked; "Fermer cette session" on each other one; "Fermer toutes les autres sessions" when there are others.',
      meta: { spec: 'rulings §9.4' },
      on: {
        'session.end': {
          guard: 'isOtherListed',
          target: 'confirmingOne',
          actions: [
            { type: 'setTarget', params: ({ event }) => ({ id: event.id }) },
            { type: 'setNotice', params: { message: null } },
            { type: 'setError', params: { message: null } },
          ],
          description: 'rulings §9.4, REQ-SESSION-03: "Fermer cette session" asks for a confirmation first (decision: an end cannot be undone)',
        },
        'sessions.endOthers': {
          guard: 'hasOthers',
          target: 'confirmingOthers',
          actions: [
            { type: 'setNotice', params: { message: null } },
            { type: 'setError', params: { message: null } },
          ],
          description: 'rulings §9.4, REQ-SESSION-03: "Fermer toutes les autres sessions" asks for a confirmation first',
        },
      },
    },
    confirmingOne: {
      description: 'The dialog "Fermer cette session ?" naming the device, with its confirm and cancel buttons.',
      meta: { spec: 'rulings §9.4' },
      on: {
        'end.confirm': { target: 'closingOne', description: 'rulings §9.4, REQ-SESSION-03: the session is ended on the server' },
        'end.cancel': {
          target: 'shown',
          actions: { type: 'setTarget', params: { id: null } },
          description: 'rulings §9.4: the dialog closes, nothing is ended',
        },
      },
    },
    confirmingOthers: {
      description: 'The dialog "Fermer toutes les autres sessions ?" with how many, its confirm and cancel buttons.',
      meta: { spec: 'rulings §9.4' },
      on: {
        'end.confirm': { target: 'closingOthers', description: 'rulings §9.4, REQ-SESSION-03: every other session is ended on the server' },
        'end.cancel': { target: 'shown', description: 'rulings §9.4: the dialog closes, nothing is ended' },
      },
    },
    closingOne: {
      description: 'The dialog stays, its button busy, while the session is ended.',
      tags: ['busy'],
      meta: { spec: 'rulings §9.4; POST sessions/end' },
      exit: { type: 'setTarget', params: { id: null } },
      invoke: {
        id: 'closeSession',
        src: 'closeSession',
        input: ({ context }) => ({ id: context.target ?? '' }),
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: closeAnswer },
            target: 'failed',
            description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'isClosed', params: closeAnswer },
            target: 'loading',
            actions: { type: 'setNotice', params: ({ event }) => ({ message: closeOutcome(event.output).message }) },
            description: "rulings §9.4: ended (code '0'), or already over (404): the list is read again, with the message",
          },
          {
            target: 'shown',
            actions: { type: 'setError', params: ({ event }) => ({ message: closeOutcome(event.output).message }) },
            description: "rulings §9.4: the current session's 409 (the server's message: that is logout) or an HTTP error — the failure message, the list kept",
          },
        ],
        onError: {
          target: 'shown',
          actions: { type: 'setError', params: { message: texts.endError } },
          description: 'rulings §9.4: no answer (network failure, timeout) — the failure message, the list kept',
        },
      },
    },
    closingOthers: {
      description: 'The dialog stays, its button busy, while the other sessions are ended.',
      tags: ['busy'],
      meta: { spec: 'rulings §9.4; POST sessions/end-others' },
      invoke: {
        id: 'closeOtherSessions',
        src: 'closeOtherSessions',
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: closeOthersAnswer },
            target: 'failed',
            description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'areOthersClosed', params: closeOthersAnswer },
            target: 'loading',
            actions: { type: 'setNotice', params: ({ event }) => ({ message: closeOthersOutcome(event.output).message }) },
            description: "rulings §9.4: code '0' — the server's count in its message; the list is read again",
          },
          {
            target: 'shown',
            actions: { type: 'setError', params: { message: texts.endOthersError } },
            description: 'rulings §9.4: an HTTP error or another code — the failure message, the list kept',
          },
        ],
        onError: {
          target: 'shown',
          actions: { type: 'setError', params: { message: texts.endOthersError } },
          description: 'rulings §9.4: no answer (network failure, timeout) — the failure message, the list kept',
        },
      },
    },
  },
})
