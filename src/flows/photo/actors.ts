/** The actor of the photo machine (spec §7 photo/update, multipart with the file as `photo`). */
import { fromPromise } from 'xstate'
import type { UploadPhotoAnswer, UploadPhotoInput } from '../../../machines/photo/photo.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'

export const uploadPhoto = fromPromise<UploadPhotoAnswer, UploadPhotoInput>(({ input, signal }) =>
  answerOf(
    api.POST('/api/rest/customer/v1/photo/update', {
      body: { photo: input.file } as never,
      // A FormData body: the browser sets the multipart Content-Type with its boundary. The
      // contract types the binary part as a string; it is the browser's File here.
      bodySerializer: (body) => {
        const form = new FormData()
        form.append('photo', body.photo as unknown as Blob)
        return form
      },
      parseAs: 'text',
      signal,
    }),
  ),
)
