/**
 * The customer's photo (rulings §1): JPEG, PNG or WebP decided by the file's first bytes (never its
 * name nor the declared type), at most 2 Mo, stored in the database (bytea) under a random id made by
 * the server, served to its owner only.
 */
import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/db.ts'

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp'

const starts = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((v, i) => b[at + i] === v)

/** The type by the magic numbers: JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP "RIFF" .... "WEBP". */
export function photoType(bytes: Uint8Array): PhotoType | null {
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts(bytes, [0x52, 0x49, 0x46, 0x46]) && starts(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

/** A profile photo needs no more; a larger picture is scaled down (also keeps rows small). */
const MAX_SIDE = 1024
/** Decompression bombs: a small file that claims a huge picture is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000

/**
 * The photo as it is stored: decoded and encoded again in its own format by sharp (libvips), so
 * that nothing of the sent file survives but its pixels — no EXIF (GPS position, camera serial),
 * no XMP or ICC comments, no trailing bytes (a script glued after the image). The EXIF orientation
 * is applied first, so that the photo still shows upright. Null when the bytes do not decode.
 */
export async function cleanPhoto(bytes: Buffer, type: PhotoType): Promise<Buffer | null> {
  // libvips loads with the first photo, not with every start of the server.
  const { default: sharp } = await import('sharp')
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    if (type === 'image/jpeg') return await image.jpeg({ quality: 85 }).toBuffer()
    if (type === 'image/png') return await image.png().toBuffer()
    return await image.webp({ quality: 85 }).toBuffer()
  } catch {
    return null
  }
}

/** Replaces the customer's photo; a new id each time (an old link does not show the new photo). */
export async function savePhoto(q: Queryable, customerId: string, type: PhotoType, bytes: Buffer, now: Date): Promise<string> {
  const id = randomBytes(18).toString('base64url')
  await q.query(
    `insert into customer_photos (id, customer_id, media_type, bytes, created_at) values ($1, $2, $3, $4, $5)
     on conflict (customer_id) do update set id = excluded.id, media_type = excluded.media_type, bytes = excluded.bytes, created_at = excluded.created_at`,
    [id, customerId, type, bytes, now],
  )
  return id
}

/** The photo of that id if it is the customer's; null otherwise (unknown and another's alike). */
export async function readPhoto(q: Queryable, customerId: string, id: string): Promise<{ type: PhotoType; bytes: Buffer } | null> {
  const [row] = await q.query<{ media_type: PhotoType; bytes: Uint8Array }>(
    'select media_type, bytes from customer_photos where id = $1 and customer_id = $2',
    [id, customerId],
  )
  return row ? { type: row.media_type, bytes: Buffer.from(row.bytes) } : null
}
