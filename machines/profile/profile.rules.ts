/** The pure rules of the profile flow: its fresh context, its form errors, what an answer means. */
import type { ContactAnswer, ProfileContact } from './profile.types.ts'
import { isHttpSuccess, text } from '../shared/answers.ts'

/** The contact of a get-contact answer (2xx, code '0'), `null` otherwise. */
export function contactOf({ status, body }: ContactAnswer): ProfileContact | null {
  if (!isHttpSuccess(status) || body === null || body.code !== '0') return null
  return {
    email: text(body.email) ?? '',
    phone: text(body.phone) ?? '',
    address: text(body.address) ?? '',
    photoId: text(body.photo) ?? null,
  }
}

export const contactAnswer = ({ event }: { event: { output: ContactAnswer } }) => event.output
