/** The photo form (rulings §1, spec §5 Photo; REQ-VAL-54): JPEG, PNG or WebP, at most 2 Mo. The server checks the same on the bytes. */
import { validation as m } from '../messages.ts'
import { plainForm } from '../shared/form.ts'

/** rulings §1: JPEG, PNG or WebP, at most 2 Mo. The server checks the same on the bytes. */
const PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp']
const PHOTO_MAX_BYTES = 2 * 1024 * 1024

/** What the photo form needs of the chosen file; a browser `File` is one. */
export interface ChosenFile {
  readonly type: string
  readonly size: number
}

export interface PhotoFormValues {
  photo: ChosenFile | null
}

export const photoForm = plainForm<PhotoFormValues>({
  photo: {
    trim: false,
    // No file: "required" only; else its type, then its size.
    checks: [
      (file) => (file == null ? m.photoRequired : undefined),
      (file) => (file != null && !PHOTO_TYPES.includes(file.type) ? m.photoType : undefined),
      (file) => (file != null && file.size > PHOTO_MAX_BYTES ? m.photoSize : undefined),
    ],
  },
})
