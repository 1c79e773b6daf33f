import { describe, expect, it } from 'vitest'
import { profile as texts } from '../../machines/messages.ts'
import { photoMachine } from '../../machines/photo/photo.machine.ts'
import { photoScreen } from '../../machines/photo/photo.screen.ts'
import type { ChosenPhoto, PhotoEvent, UploadPhotoAnswer } from '../../machines/photo/photo.types.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

const jpeg: ChosenPhoto = { name: 'moi.jpg', type: 'image/jpeg', size: 200_000 }
const gif: ChosenPhoto = { name: 'moi.gif', type: 'image/gif', size: 1000 }
const big: ChosenPhoto = { name: 'grande.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 }
const choose = (file: ChosenPhoto | null): PhotoEvent => ({ type: 'file.choose', file })
const submit: PhotoEvent = { type: 'photo.submit' }
const uploaded = (answer: UploadPhotoAnswer) => doneEvent('uploadPhoto', answer)
const success: UploadPhotoAnswer = { status: 200, body: { code: '0', message: 'Photo mise à jour' } }
const stubs = ['rememberProfileMessage', 'toastSent', 'goToProfile']

describe('photo machine — walk of every transition (spec §2 /app/update-picture, §4, §8, rulings §1)', () => {
  const walk = createWalk(photoMachine, {
    screen: photoScreen,
    events: [
      choose(jpeg),
      choose(null),
      choose(gif),
      submit,
      uploaded(success),
      uploaded({ status: 200, body: { code: '1', message: 'Image illisible' } }),
      uploaded({ status: 403, body: { code: '2' } }),
      errorEvent('uploadPhoto'),
    ],
    stubActions: stubs,
    invariant: (snapshot) => {
      if (!snapshot.context.submitted) expect(snapshot.context.errors).toEqual({})
      // One current error: never the chooser's message beside an upload's banner.
      const screen = photoScreen(snapshot)
      expect(screen.fieldError !== null && screen.error !== null).toBe(false)
    },
  })
  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

const walk = createWalk(photoMachine, { events: [uploaded(success)], stubActions: stubs })
const play = (...events: Array<PhotoEvent | SyntheticEvent>) => walk.play(undefined, events)
const actorCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor').map((c) => [c.src, c.input])
const actionCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'action' }> => c.kind === 'action').map((c) => [c.name, c.params])

describe('photo — the chooser (rulings §1)', () => {
  it.each([
    ['no file', null, 'Veuillez sélectionner une photo'],
    ['a GIF', gif, 'Format non pris en charge : JPEG, PNG ou WebP'],
    ['more than 2 Mo', big, 'La photo ne doit pas dépasser 2 Mo'],
  ])('%s: "%s" after a submit attempt, nothing sent', async (_, file, message) => {
    expect(photoScreen((await play(choose(file))).snapshot).fieldError).toBeNull()
    const { snapshot, calls } = await play(choose(file), submit)
    expect(photoScreen(snapshot).fieldError).toBe(message)
    expect(actorCalls(calls)).toEqual([])
  })

  it('the error follows the file chosen after a submit attempt', async () => {
    const { snapshot } = await play(submit, choose(jpeg))
    expect(photoScreen(snapshot)).toMatchObject({ fieldError: null, fileName: 'moi.jpg' })
  })

  it('PNG and WebP of exactly 2 Mo are accepted; the file is handed to uploadPhoto once', async () => {
    const webp: ChosenPhoto = { name: 'a.webp', type: 'image/webp', size: 2 * 1024 * 1024 }
    const { snapshot, calls } = await play(choose(webp), submit, submit)
    expect(photoScreen(snapshot).busy).toBe(true)
    expect(actorCalls(calls)).toEqual([['uploadPhoto', { file: webp }]])
  })
})

describe('photo — the upload (spec §2, §4, §8)', () => {
  it("code '0': the message kept for the profile, a toast, the profile page", async () => {
    const { snapshot, calls } = await play(choose(jpeg), submit, uploaded(success))
    expect(snapshot.status).toBe('done')
    expect(actionCalls(calls)).toEqual([
      ['rememberProfileMessage', { message: 'Photo mise à jour' }],
      ['toastSent', { message: 'Photo mise à jour' }],
      ['goToProfile', undefined],
    ])
  })

  it("code '0' without message: profile.pictureSent", async () => {
    const { calls } = await play(choose(jpeg), submit, uploaded({ status: 200, body: { code: '0' } }))
    expect(actionCalls(calls)[0]).toEqual(['rememberProfileMessage', { message: texts.pictureSent }])
  })

  it('another code: the message', async () => {
    const { snapshot } = await play(choose(jpeg), submit, uploaded({ status: 200, body: { code: '1', message: 'Image illisible' } }))
    expect(photoScreen(snapshot)).toMatchObject({ busy: false, error: 'Image illisible' })
  })

  it.each([
    ['an HTTP error', uploaded({ status: 413, body: { code: '413', message: 'Trop grand' } })],
    ['no answer', errorEvent('uploadPhoto')],
  ])('%s: "Une erreur lors de votre transfert, veuillez réessayer"', async (_, event) => {
    const { snapshot } = await play(choose(jpeg), submit, event)
    expect(photoScreen(snapshot).error).toBe('Une erreur lors de votre transfert, veuillez réessayer')
  })

  it('HTTP 403 / code 2: no message', async () => {
    const { snapshot, calls } = await play(choose(jpeg), submit, uploaded({ status: 403, body: { code: '2' } }))
    expect(photoScreen(snapshot)).toMatchObject({ busy: false, error: null })
    expect(actionCalls(calls)).toEqual([])
  })

  it('a new submit clears the banner', async () => {
    const { snapshot } = await play(choose(jpeg), submit, errorEvent('uploadPhoto'), submit)
    expect(photoScreen(snapshot)).toMatchObject({ busy: true, error: null })
  })

  it("one current error: a refused server upload's banner goes when another file is chosen or refused", async () => {
    const refused = uploaded({ status: 200, body: { code: '1', message: texts.updateError } })
    const chosen = await play(choose(jpeg), submit, refused, choose(big))
    expect(photoScreen(chosen.snapshot)).toMatchObject({ fieldError: 'La photo ne doit pas dépasser 2 Mo', error: null })
    const resubmitted = await play(choose(jpeg), submit, refused, submit)
    expect(photoScreen(resubmitted.snapshot).error).toBeNull()
  })
})
