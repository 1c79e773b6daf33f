/**
 * The profile page (spec §2 /app/profile; §3 Contact; §7 get-contact, photo/show/{id}).
 *
 *   loading ──code '0'──▶ shown
 *      │ ──another code, HTTP error, no answer──▶ failed (profile.loadError) ──profile.retry──▶ loading
 *      └── HTTP 403 / code '2' ──▶ failed without message (the session signs out)
 *
 * The name and the customer code come from the session (the input); so does the message left by the
 * photo update (spec §2: "shown at the top"), which the app keeps and gives here. The photo is shown
 * from photo/show/{id} when the contact has a photo id, the default picture otherwise (the view's
 * business: `photoId` is `null` then).
 *
 * Choice (spec silent, documented here): a contact that cannot be read shows profile.loadError and a
 * retry; the name, the code, the links and the photo update's message stay on screen.
 */
import { assign, setup } from 'xstate'
import { profile as texts } from '../messages.ts'
import { contactAnswer, contactOf } from './profile.rules.ts'
import type { ContactAnswer, ProfileContext, ProfileEvent, ProfileInput } from './profile.types.ts'
import { isSessionEnded, stubActor } from '../shared/answers.ts'

export const profileMachine = setup({
  types: {
    input: {} as ProfileInput,
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  actors: {
    /** GET get-contact → HTTP status and body. Provided by src/. */
    loadContact: stubActor<ContactAnswer, void>('loadContact'),
  },
  guards: {
    /** spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: ContactAnswer) => isSessionEnded(answer),
    /** spec §2, §3 Contact: the bank gave the contact data (HTTP success, code '0'). */
    hasContact: (_, answer: ContactAnswer) => contactOf(answer) !== null,
  },
  actions: {
    /** spec §2 /app/profile: keeps the e-mail, phone, address and photo id to show. */
    setContact: assign({ contact: (_, answer: ContactAnswer) => contactOf(answer) }),
    /** spec §2 /app/profile: the banner of contact data that could not be read (profile.loadError); null clears it. */
    showError: assign({ error: (_, { message }: { message: string | null }) => message }),
  },
}).createMachine({
  id: 'profile',
  description:
    'The profile: photo, name, "Code : " and the customer code, e-mail, phone, address, the three links, ' +
    'and the message left by the photo update (spec §2 /app/profile).',
  context: ({ input }) => ({ ...input, contact: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The name and code shown; the contact data are being read.',
      meta: { spec: 'spec §2 /app/profile; spec §7 get-contact' },
      entry: { type: 'showError', params: { message: null } },
      invoke: {
        id: 'loadContact',
        src: 'loadContact',
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: contactAnswer },
            target: 'failed',
            description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'hasContact', params: contactAnswer },
            target: 'shown',
            actions: { type: 'setContact', params: contactAnswer },
            description: "spec §2, §3, REQ-SCREEN-PROFILE-01: code '0' — the e-mail, phone, address and photo",
          },
          {
            target: 'failed',
            actions: { type: 'showError', params: { message: texts.loadError } },
            description: 'another code or an HTTP error: profile.loadError — decision (docs/decisions.md, Common rules)',
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: { message: texts.loadError } },
          description: 'no answer: profile.loadError — decision (docs/decisions.md, Common rules)',
        },
      },
    },
    shown: {
      description:
        'The photo (or the default picture), the name, the code, e-mail, phone, address; the links ' +
        'profile.editPhoto, editContact, resetPassword; the photo update message at the top.',
      meta: { spec: 'spec §2 /app/profile' },
    },
    failed: {
      description: 'The name, code and links stay; the error banner profile.loadError with a retry link.',
      meta: { spec: 'spec §2 /app/profile; spec §8 (no entry: the choice is documented in the module)' },
      on: {
        'profile.retry': {
          target: 'loading',
          description: 'the customer may read the contact data again (REQ-CHOICE-01) — decision (docs/decisions.md, Common rules)',
        },
      },
    },
  },
})
