import { describe, expect, it } from 'vitest'
import { profile as texts } from '../../machines/messages.ts'
import { profileMachine } from '../../machines/profile/profile.machine.ts'
import { profileScreen } from '../../machines/profile/profile.screen.ts'
import type { ContactAnswer, ProfileEvent, ProfileInput } from '../../machines/profile/profile.types.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

const input: ProfileInput = { name: 'Marie Kabila', kcode: 'K0012345', message: 'Photo mise à jour' }
const read = (answer: ContactAnswer) => doneEvent('loadContact', answer)
const contact: ContactAnswer = {
  status: 200,
  body: { code: '0', email: 'client@exemple.cd', phone: '0812345678', address: '12 avenue du Port', photo: 'p-1', country: 'CD' },
}
const retry: ProfileEvent = { type: 'profile.retry' }

describe('profile machine — walk of every transition (spec §2 /app/profile)', () => {
  const walk = createWalk(profileMachine, {
    screen: profileScreen,
    inputs: { 'after a photo update': input, 'no message': { ...input, message: null } },
    events: [retry, read(contact), read({ status: 200, body: { code: '1' } }), read({ status: 403, body: { code: '2' } }), errorEvent('loadContact')],
    invariant: (snapshot) => {
      const screen = profileScreen(snapshot)
      expect(screen.codeLine).toBe('Code : K0012345')
      expect(screen.contact !== null).toBe(snapshot.matches('shown'))
    },
  })
  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

const walk = createWalk(profileMachine, { events: [read(contact)] })
const play = (...events: Array<ProfileEvent | SyntheticEvent>) => walk.play(input, events)
const actorCalls = (calls: Call[]) => calls.filter((c) => c.kind === 'actor')

describe('profile — what it shows (spec §2)', () => {
  it('name, "Code : " and the code, the photo update message, while the contact loads', async () => {
    const { snapshot } = await play()
    expect(profileScreen(snapshot)).toEqual({
      loading: true,
      name: 'Marie Kabila',
      codeLine: 'Code : K0012345',
      contact: null,
      message: 'Photo mise à jour',
      error: null,
    })
  })

  it("code '0': e-mail, phone, address and the photo id", async () => {
    const { snapshot } = await play(read(contact))
    expect(profileScreen(snapshot).contact).toEqual({
      email: 'client@exemple.cd',
      phone: '0812345678',
      address: '12 avenue du Port',
      photoId: 'p-1',
    })
    const noPhoto = await play(read({ status: 200, body: { code: '0', email: 'a@b.cd', photo: '' } }))
    expect(profileScreen(noPhoto.snapshot).contact?.photoId).toBeNull()
  })

  it('a failure shows profile.loadError; retry reads again', async () => {
    const { snapshot, calls } = await play(errorEvent('loadContact'), retry)
    expect(actorCalls(calls)).toHaveLength(2)
    expect(snapshot.matches('loading')).toBe(true)
    const failed = await play(read({ status: 500, body: null }))
    expect(profileScreen(failed.snapshot).error).toBe(texts.loadError)
  })

  it('HTTP 403 / code 2: no message (the session signs out)', async () => {
    const { snapshot } = await play(read({ status: 403, body: { code: '2' } }))
    expect(profileScreen(snapshot).error).toBeNull()
  })
})
