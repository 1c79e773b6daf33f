/** The customer's own data (spec §7): change-password, get-contact, update-contact, photo/update, photo/show/{id}. */
import { api, validation } from '../../kernel/messages.ts'
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { PHOTO_MAX_BYTES, cleanPhoto, photoType, readPhoto, savePhoto } from '../domain/photos.ts'
import { changePin, getContact, updateContact } from '../domain/profile.ts'
import { signedIn } from './signed-in.ts'

export function profileRoutes(ctx: AppContext): Handlers {
  const settings = () => ({ now: ctx.now(), bankName: ctx.config.bankName, timeZone: ctx.config.timeZone })
  return {
    async changePassword(call) {
      const outcome = await changePin(ctx.db, signedIn(call), call.body, settings())
      return {
        status: 200,
        body: outcome.ok ? { status: '0', code: '0', description: api.changePassword.done } : { status: '1', description: outcome.description },
      }
    },
    async getContact(call) {
      return { status: 200, body: { code: '0', ...(await getContact(ctx.db, signedIn(call).customerId)) } }
    },
    async updateContact(call) {
      const outcome = await updateContact(ctx.db, signedIn(call).customerId, call.body, settings())
      return { status: 200, body: { code: outcome.ok ? '0' : '1', message: outcome.message } }
    },
    async updatePhoto(call) {
      const customerId = signedIn(call).customerId
      const refuse = (message: string) => ({ status: 200 as const, body: { code: '1', message } })
      // Beyond a limit the rest of the body is not read: the connection closes after the answer.
      const tooLarge = (message: string) => {
        call.reply.header('connection', 'close')
        return { status: 413 as const, body: { code: '1', message } }
      }
      // The whole body is read before anything is stored: one file and a few small fields (the
      // limits of server/app.ts); a second file, a field too many or too long is a 413, even after
      // a good photo (request.file() stopped at the first file and never saw what followed).
      let photo: { field: string; bytes: Buffer } | undefined
      try {
        for await (const part of call.request.parts()) {
          if (part.type === 'field') {
            if (part.valueTruncated || part.fieldnameTruncated) return tooLarge(api.payloadTooLarge)
            continue
          }
          if (photo) return tooLarge(api.payloadTooLarge)
          const bytes = await part.toBuffer()
          // The multipart limit is one byte over the photo's: a file cut there is never taken for a
          // whole one of exactly 2 Mo (busboy marks the cut after the last chunk was read).
          if (part.file.truncated || bytes.length > PHOTO_MAX_BYTES) return tooLarge(validation.photoSize)
          photo = { field: part.fieldname, bytes }
        }
      } catch (error) {
        const code = (error as { code?: string }).code
        // Over the file, parts or fields limits of the multipart parser (server/app.ts).
        if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(validation.photoSize)
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return tooLarge(api.payloadTooLarge)
        throw error
      }
      // REQ-VAL-54: the type read from the file's bytes, never from its name.
      if (!photo || photo.field !== 'photo') return refuse(validation.photoRequired)
      const type = photoType(photo.bytes)
      const clean = type && (await cleanPhoto(photo.bytes, type))
      if (!type || !clean) return refuse(validation.photoType)
      await savePhoto(ctx.db, customerId, type, clean, ctx.now())
      return { status: 200, body: { code: '0', message: api.contact.photoDone } }
    },
    async showPhoto(call) {
      const photo = await readPhoto(ctx.db, signedIn(call).customerId, call.params.id)
      if (!photo) return { status: 404, body: { message: api.notFound } }
      return call.reply.code(200).header('content-type', photo.type).send(photo.bytes)
    },
  }
}
