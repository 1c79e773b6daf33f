/** The types of the photo flow: its input, context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'
import type { ChosenFile } from './photo.form.ts'
import { type FieldErrors } from '../shared/form.ts'

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
  { type: 'file.choose'; file: ChosenPhoto | null } | { type: 'photo.submit' }
