/** The pure rules of the photo flow: its fresh context, its form errors, what an answer means. */
import { photoForm } from './photo.form.ts'
import { fieldErrors } from '../shared/form.ts'
import { profile as texts } from '../messages.ts'
import type { ChosenPhoto, PhotoContext, PhotoErrors, UploadPhotoAnswer } from './photo.types.ts'
import { isHttpSuccess, text } from '../shared/answers.ts'

export function freshPhotoContext(): PhotoContext {
  return { file: null, errors: {}, submitted: false, error: null }
}

/** rulings §1: required, JPEG/PNG/WebP, at most 2 Mo (the first failing check). */
export const photoErrors = (file: ChosenPhoto | null): PhotoErrors => fieldErrors(photoForm, { photo: file })

export const isUploaded = ({ status, body }: UploadPhotoAnswer): boolean => isHttpSuccess(status) && body?.code === '0'

/** The message of a successful upload, kept for the profile page. */
export const sentMessageOf = ({ body }: UploadPhotoAnswer): string => text(body?.message) ?? texts.pictureSent

/** spec §4, §8: the message of a failed upload. */
export function uploadErrorOf({ status, body }: UploadPhotoAnswer): string {
  if (!isHttpSuccess(status) || body === null) return texts.updateError
  return text(body.message) ?? texts.updateError
}
