/** The actors of the profile machine (spec §7 get-contact) and the photo of photo/show/{id}. */
import { useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import type { ContactAnswer } from '../../../machines/profile/profile.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'

export const loadContact = fromPromise<ContactAnswer, void>(({ signal }) => answerOf(api.GET('/api/rest/customer/v1/get-contact', { parseAs: 'text', signal })))

/**
 * An object URL of the customer's photo, fetched with the bearer token through the contract client
 * (a plain `src` cannot carry it); `null` while loading, on failure, or when there is no photo.
 * The URL is revoked when the id changes or the page leaves.
 */
export function usePhotoUrl(photoId: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (photoId === null) return
    const controller = new AbortController()
    let objectUrl: string | null = null
    api
      .GET('/api/rest/customer/v1/photo/show/{id}', { params: { path: { id: photoId } }, parseAs: 'blob', signal: controller.signal })
      .then(({ data }) => {
        if (controller.signal.aborted || !(data instanceof Blob)) return
        objectUrl = URL.createObjectURL(data)
        setUrl(objectUrl)
      })
      .catch(() => {})
    return () => {
      controller.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
      setUrl(null)
    }
  }, [photoId])
  return url
}
