/**
 * The change of photo (spec §2 /app/update-picture; §4 Contact and picture updates; §7 photo/update;
 * §8 picture update HTTP failure; rulings §1 the photo field: required, JPEG, PNG or WebP, at most 2 Mo).
 *
 *   choosing ──photo.submit [valid]──▶ uploading ──code '0'──▶ sent (message kept for the profile,
 *      ▲ (errors after a submit attempt)   │                          toast with it, go to /app/profile)
 *      └── another code: the message; HTTP error or no answer: profile.updateError;
 *          HTTP 403 / code '2': no message (the session signs out)
 *
 * One current error: choosing a file or a refused submit clears the banner of an earlier failed upload,
 * so the chooser's message never shows beside a stale one.
 *
 * The view passes the browser's `File` in `file.choose`; the machine keeps it as an opaque object
 * (it reads only `name`, `type` and `size`) and hands it to `uploadPhoto`. The preview is the view's
 * business. A code '0' without message keeps profile.pictureSent for the profile page.
 */
import { assign, setup } from 'xstate'
import { profile as texts } from '../messages.ts'
import { formKit } from '../shared/formKit.ts'
import { freshPhotoContext, isUploaded, photoErrors, sentMessageOf, uploadErrorOf } from './photo.rules.ts'
import type { ChosenPhoto, PhotoContext, PhotoEvent, PhotoMessage, UploadPhotoAnswer, UploadPhotoInput } from './photo.types.ts'
import { isSessionEnded, stubAction, stubActor } from '../shared/answers.ts'

const uploadAnswer = ({ event }: { event: { output: UploadPhotoAnswer } }) => event.output

const form = formKit<PhotoContext, PhotoEvent>((context) => photoErrors(context.file))

export const photoMachine = setup({
  types: {
    context: {} as PhotoContext,
    events: {} as PhotoEvent,
  },
  actors: {
    /** POST photo/update, multipart with the file as `photo` → HTTP status and body. Provided by src/. */
    uploadPhoto: stubActor<UploadPhotoAnswer, UploadPhotoInput>('uploadPhoto'),
  },
  guards: {
    /** rulings §1 (spec §5 Photo): a photo is chosen, JPEG, PNG or WebP, at most 2 Mo. */
    isFormValid: form.isFormValid,
    /** spec §5: the customer has tried to submit, so the chooser's error shows. */
    wasSubmitted: form.wasSubmitted,
    /** spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: UploadPhotoAnswer) => isSessionEnded(answer),
    /** spec §4 Contact and picture updates: code '0' is success. */
    isUploaded: (_, answer: UploadPhotoAnswer) => isUploaded(answer),
  },
  actions: {
    /** Keeps the message for the profile page (spec §2). Provided by src/. */
    rememberProfileMessage: (_, _params: PhotoMessage) => stubAction('rememberProfileMessage')(),
    /** A toast with the message (spec §2). Provided by src/. */
    toastSent: (_, _params: PhotoMessage) => stubAction('toastSent')(),
    /** Goes to /app/profile. Provided by src/. */
    goToProfile: stubAction('goToProfile'),

    /** spec §2 /app/update-picture: keeps the file chosen (none when the choice was cleared). */
    setFile: assign({ file: (_, event: PhotoEvent) => (event.type === 'file.choose' ? event.file : null) }),
    /** rulings §1 (spec §5 Photo): works out the chooser's message (required, type, size). */
    validate: form.validate,
    /** spec §5: notes that a submit was tried: the chooser's error shows and follows the file chosen. */
    markSubmitted: form.markSubmitted,
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
            actions: [{ type: 'setFile', params: ({ event }) => event }, 'validate', { type: 'showError', params: { message: null } }],
            description:
              "rulings §1, spec §5: after a submit attempt, the error follows the file chosen; a failed upload's banner " +
              'is about the file before, so it goes (one current error)',
          },
          {
            actions: [
              { type: 'setFile', params: ({ event }) => event },
              { type: 'showError', params: { message: null } },
            ],
            description: "spec §5: before any submit attempt, no error is shown; a failed upload's banner goes with its file",
          },
        ],
        'photo.submit': [
          {
            guard: 'isFormValid',
            target: 'uploading',
            actions: ['markSubmitted', 'validate', { type: 'showError', params: { message: null } }],
            description: 'spec §4, rulings §1, REQ-VAL-01, REQ-VAL-54: a JPEG, PNG or WebP file of at most 2 Mo is sent',
          },
          {
            actions: ['markSubmitted', 'validate', { type: 'showError', params: { message: null } }],
            description:
              'rulings §1, REQ-VAL-54: no file, another type or more than 2 Mo — the error shows after a submit attempt, ' +
              "in place of an older upload's banner (one current error)",
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
            description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'isUploaded', params: uploadAnswer },
            target: 'sent',
            actions: [
              { type: 'rememberProfileMessage', params: ({ event }) => ({ message: sentMessageOf(event.output) }) },
              { type: 'toastSent', params: ({ event }) => ({ message: sentMessageOf(event.output) }) },
              'goToProfile',
            ],
            description: "spec §2, §4, REQ-PROFILE-01, REQ-SCREEN-PHOTO-01: code '0' — a toast, the message kept for the profile page, /app/profile",
          },
          {
            target: 'choosing',
            actions: { type: 'showError', params: ({ event }) => ({ message: uploadErrorOf(event.output) }) },
            description: 'spec §4, REQ-PROFILE-01, REQ-ERR-16: any other code shows the message; spec §8: an HTTP error shows profile.updateError',
          },
        ],
        onError: {
          target: 'choosing',
          actions: { type: 'showError', params: { message: texts.updateError } },
          description: 'spec §8 picture update HTTP failure (REQ-ERR-16): no answer (network failure, timeout)',
        },
      },
      on: {
        'photo.submit': {
          description: 'a double click sends one request (REQ-CHOICE-01): a submit while uploading is ignored — decision (docs/decisions.md, Common rules)',
        },
      },
    },
    sent: {
      description: 'Sent: the app shows the toast and leaves for /app/profile.',
      meta: { spec: 'spec §2 /app/update-picture (toast, message kept, /app/profile)' },
      type: 'final',
    },
  },
})
