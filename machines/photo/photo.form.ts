/** The photo form (rulings §1, spec §5 Photo; REQ-VAL-54): JPEG, PNG or WebP, at most 2 Mo. The server checks the same on the bytes. */
import * as z from 'zod/mini'
import { validation as m } from '../messages.ts'

/** rulings §1: JPEG, PNG or WebP, at most 2 Mo. The server checks the same on the bytes. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
const PHOTO_MAX_BYTES = 2 * 1024 * 1024

/** What the photo form needs of the chosen file; a browser `File` is one. */
export interface ChosenFile {
  readonly type: string
  readonly size: number
}

export const photoForm = z.object({
  photo: z.custom<ChosenFile | null>().check(
    z.refine((f) => f != null, { message: m.photoRequired, abort: true }),
    z.refine((f) => f != null && (PHOTO_TYPES as readonly string[]).includes(f.type), m.photoType),
    z.refine((f) => f != null && f.size <= PHOTO_MAX_BYTES, m.photoSize),
  ),
})

export type PhotoFormValues = z.input<typeof photoForm>
