/** The types of the profile flow: its input, context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'

export interface ProfileInput {
  /** From the session (login answer). */
  name: string
  kcode: string
  /** The message left by the photo update, `null` when none. */
  message: string | null
}

export type ContactBody = Partial<components['schemas']['ContactResponse']>
/** What `loadContact` resolves with (GET get-contact); it rejects only when no answer came. */
export interface ContactAnswer {
  status: number
  body: ContactBody | null
}

export interface ProfileContact {
  email: string
  phone: string
  address: string
  /** The id for photo/show/{id}, `null` when none. */
  photoId: string | null
}

export interface ProfileContext extends ProfileInput {
  contact: ProfileContact | null
  error: string | null
}

export type ProfileEvent = { type: 'profile.retry' }
