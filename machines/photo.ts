/**
 * The change of photo (spec §2 /app/update-picture; §4 Contact and picture updates; §7 photo/update;
 * §8 picture update HTTP failure; rulings §1 the photo field: required, JPEG, PNG or WebP, at most 2 Mo).
 *
 *   choosing ──photo.submit [valid]──▶ uploading ──code '0'──▶ sent (message kept for the profile,
 *      ▲ (errors after a submit attempt)   │                          toast with it, go to /app/profile)
 *      └── another code: the message; HTTP error or no answer: profile.updateError;
 *          HTTP 403 / code '2': no message (the session signs out)
 *
 * The view passes the browser's `File` in `file.choose`; the machine keeps it as an opaque object
 * (it reads only `name`, `type` and `size`) and hands it to `uploadPhoto`. The preview is the view's
 * business. A code '0' without message keeps profile.pictureSent for the profile page.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { components } from '../openapi/schema'
import { photoForm, type ChosenFile } from './flowForms.ts'
import { fieldErrors, type FieldErrors } from './shared/form.ts'
import { profile as texts } from './messages.ts'

// ---------------------------------------------------------------------------------------------
// Types shared with the app (src/)
// ---------------------------------------------------------------------------------------------

/** What the machine reads of the chosen file; a browser `File` is one. */
export interface ChosenPhoto extends ChosenFile {
  readonly name: string
}

/** The input of `uploadPhoto` (POST photo/update, multipart field `photo`). */
export interface UploadPhotoInput {
  file: ChosenPhoto
}
export type CodeMessageBody = Partial<components['schemas']['CodeMessageResponse']>
/** What `uploadPhoto` resolves with; it rejects only when no answer came. */
export interface UploadPhotoAnswer {
  status: number
  body: CodeMessageBody | null
}

/** The params of `rememberProfileMessage` and `toastSent`. */
export interface PhotoMessage {
  message: string
}

export type PhotoErrors = FieldErrors<{ photo: unknown }>

export interface PhotoContext {
  /** The chosen file, `null` when none. */
  file: ChosenPhoto | null
  errors: PhotoErrors
  submitted: boolean
  /** The banner of a failed upload, `null` when none. */
  error: string | null
}

export type PhotoEvent =
  /** The file chooser; `null` when the choice was cleared. */
  | { type: 'file.choose'; file: ChosenPhoto | null }
  | { type: 'photo.submit' }

// ---------------------------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------------------------

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
const ok = (status: number) => status >= 200 && status < 300

export function freshPhotoContext(): PhotoContext {
  return { file: null, errors: {}, submitted: false, error: null }
}

/** rulings §1: required, JPEG/PNG/WebP, at most 2 Mo (the first failing check). */
export const photoErrors = (file: ChosenPhoto | null): PhotoErrors => fieldErrors(photoForm, { photo: file })

const isSessionEndedAnswer = ({ status, body }: UploadPhotoAnswer) => status === 403 || body?.code === '2'

export const isUploaded = ({ status, body }: UploadPhotoAnswer): boolean => ok(status) && body?.code === '0'

/** The message of a successful upload, kept for the profile page. */
export const sentMessageOf = ({ body }: UploadPhotoAnswer): string => text(body?.message) ?? texts.pictureSent

/** spec §4, §8: the message of a failed upload. */
export function uploadErrorOf({ status, body }: UploadPhotoAnswer): string {
  if (!ok(status) || body === null) return texts.updateError
  return text(body.message) ?? texts.updateError
}

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

const provided = (name: string) => () => {
  throw new Error(`${name}: provided by src/`)
}

const uploadAnswer = ({ event }: { event: { output: UploadPhotoAnswer } }) => event.output

export const photoMachine = setup({
  types: {
    context: {} as PhotoContext,
    events: {} as PhotoEvent,
  },
  actors: {
    /** POST photo/update, multipart with the file as `photo` → HTTP status and body. Provided by src/. */
    uploadPhoto: fromPromise<UploadPhotoAnswer, UploadPhotoInput>(async () => {
      throw new Error('uploadPhoto: provided by src/')
    }),
  },
  guards: {
    /** rulings §1 (spec §5 Photo): a photo is chosen, JPEG, PNG or WebP, at most 2 Mo. */
    isFormValid: ({ context }) => Object.keys(photoErrors(context.file)).length === 0,
    /** spec §5: the customer has tried to submit, so the chooser's error shows. */
    wasSubmitted: ({ context }) => context.submitted,
    /** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: UploadPhotoAnswer) => isSessionEndedAnswer(answer),
    /** spec §4 Contact and picture updates: code '0' is success. */
    isUploaded: (_, answer: UploadPhotoAnswer) => isUploaded(answer),
  },
  actions: {
    /** Keeps the message for the profile page (spec §2). Provided by src/. */
    rememberProfileMessage: (_, _params: PhotoMessage) => provided('rememberProfileMessage')(),
    /** A toast with the message (spec §2). Provided by src/. */
    toastSent: (_, _params: PhotoMessage) => provided('toastSent')(),
    /** Goes to /app/profile. Provided by src/. */
    goToProfile: provided('goToProfile'),

    /** spec §2 /app/update-picture: keeps the file chosen (none when the choice was cleared). */
    setFile: assign({ file: (_, event: PhotoEvent) => (event.type === 'file.choose' ? event.file : null) }),
    /** rulings §1 (spec §5 Photo): works out the chooser's message (required, type, size). */
    validate: assign({ errors: ({ context }) => photoErrors(context.file) }),
    /** spec §5: notes that a submit was tried: the chooser's error shows and follows the file chosen. */
    markSubmitted: assign({ submitted: true }),
    /** spec §4, §8: the banner of a failed upload (server message, else profile.updateError); null clears it. */
    showError: assign({ error: (_, { message }: { message: string | null }) => message }),
  },
}).createMachine({
  id: 'photo',
  description: 'The change of photo: the file chooser, the button (spec §2 /app/update-picture).',
  context: freshPhotoContext,
  initial: 'choosing',
  states: {
    choosing: {
      description:
        'The title profile.pictureTitle, the file chooser (the view shows a preview), the button; the error ' +
        'under the chooser once a submit was tried; the banner of a failed upload.',
      meta: { spec: 'spec §2 /app/update-picture; spec §5 Photo; rulings §1 (photo: required, type, 2 Mo)' },
      on: {
        'file.choose': [
          {
            guard: 'wasSubmitted',
            actions: [{ type: 'setFile', params: ({ event }) => event }, 'validate'],
            description: 'rulings §1, spec §5: after a submit attempt, the error follows the file chosen',
          },
          {
            actions: { type: 'setFile', params: ({ event }) => event },
            description: 'spec §5: before any submit attempt, no error is shown',
          },
        ],
        'photo.submit': [
          {
            guard: 'isFormValid',
            target: 'uploading',
            actions: ['markSubmitted', 'validate', { type: 'showError', params: { message: null } }],
            description: 'spec §4, rulings §1: a JPEG, PNG or WebP file of at most 2 Mo is sent',
          },
          {
            actions: ['markSubmitted', 'validate'],
            description: 'rulings §1: no file, another type or more than 2 Mo — the error shows after a submit attempt',
          },
        ],
      },
    },
    uploading: {
      description: 'The busy button: the photo is being sent.',
      meta: { spec: 'spec §4 Contact and picture updates; spec §7 photo/update' },
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context }) => ({ file: context.file as ChosenPhoto }),
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: uploadAnswer },
            target: 'choosing',
            description: "spec §4 Session: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'isUploaded', params: uploadAnswer },
            target: 'sent',
            actions: [
              { type: 'rememberProfileMessage', params: ({ event }) => ({ message: sentMessageOf(event.output) }) },
              { type: 'toastSent', params: ({ event }) => ({ message: sentMessageOf(event.output) }) },
              'goToProfile',
            ],
            description: "spec §2, §4: code '0' — a toast, the message kept for the profile page, /app/profile",
          },
          {
            target: 'choosing',
            actions: { type: 'showError', params: ({ event }) => ({ message: uploadErrorOf(event.output) }) },
            description: 'spec §4: any other code shows the message; spec §8: an HTTP error shows profile.updateError',
          },
        ],
        onError: {
          target: 'choosing',
          actions: { type: 'showError', params: { message: texts.updateError } },
          description: 'spec §8 picture update HTTP failure: no answer (network failure, timeout)',
        },
      },
      on: {
        'photo.submit': { description: 'a double click sends one request: a submit while uploading is ignored — decision (docs/decisions.md, Common rules)' },
      },
    },
    sent: {
      description: 'Sent: the app shows the toast and leaves for /app/profile.',
      meta: { spec: 'spec §2 /app/update-picture (toast, message kept, /app/profile)' },
      type: 'final',
    },
  },
})

// ---------------------------------------------------------------------------------------------
// What the screen shows, from a snapshot
// ---------------------------------------------------------------------------------------------

export interface PhotoScreen {
  busy: boolean
  /** The name of the chosen file, `null` when none. */
  fileName: string | null
  /** The message under the chooser (after a submit attempt), `null` when none. */
  fieldError: string | null
  error: string | null
}

export function photoScreen(snapshot: SnapshotFrom<typeof photoMachine>): PhotoScreen {
  const { file, errors, error } = snapshot.context
  return {
    busy: snapshot.matches('uploading'),
    fileName: file?.name ?? null,
    fieldError: errors.photo ?? null,
    error,
  }
}
