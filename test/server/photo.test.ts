import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, validation } from '../../machines/messages.ts'
import { statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, postPhotoForm, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
let token: string
/** Real pictures: the server decodes and re-encodes every photo, so a few magic bytes are not enough. */
const picture = (format: 'png' | 'jpeg' | 'webp') => {
  const blue = sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 20, g: 80, b: 200 } } })
  return blue[format]().toBuffer()
}
let PNG: Buffer
beforeAll(async () => {
  server = await startTestServer()
  token = await server.signIn()
  PNG = await picture('png')
})
afterAll(() => server?.close())

async function upload(bytes: Buffer, name: string, type = 'image/png', t = token, field = 'photo') {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name)
  const res = await fetch(server.url + customerPath('photo/update'), { method: 'POST', headers: { authorization: `Bearer ${t}` }, body: form })
  return { status: res.status, body: await res.json() }
}
const contact = async (t = token) => (await server.call(customerPath('get-contact'), { token: t })).body

describe('photo/update and photo/show/{id}', () => {
  it('a valid PNG is stored; get-contact gives its id; show serves it with its type, to the owner only', async () => {
    expect(await upload(PNG, 'moi.png')).toEqual({ status: 200, body: { code: '0', message: api.contact.photoDone } })
    const id = (await contact()).photo
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/)
    const res = await fetch(server.url + customerPath(`photo/show/${id}`), { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    // A file of the API keeps CORP (only its JSON answers go without: server/http/headers.ts).
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    // Stored re-encoded: the same picture, not necessarily the same bytes.
    const stored = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect(stored).toMatchObject({ format: 'png', width: 8, height: 8 })

    const other = await server.signIn(statementOnlyCustomer)
    const theirs = await server.call(customerPath(`photo/show/${id}`), { token: other })
    expect(theirs).toMatchObject({ status: 404, body: { message: api.notFound } })
    expect(await server.call(customerPath('photo/show/unknown'), { token })).toMatchObject({ status: 404, body: { message: api.notFound } })
    expect((await server.call(customerPath(`photo/show/${id}`))).status).toBe(403)
  })

  it('JPEG and WebP are recognised by their bytes; a new upload replaces the photo with a new id', async () => {
    const before = (await contact()).photo
    const webp = await picture('webp')
    expect((await upload(webp, 'a.bin', 'application/octet-stream')).body.code).toBe('0')
    const id = (await contact()).photo
    expect(id).not.toBe(before)
    const res = await fetch(server.url + customerPath(`photo/show/${id}`), { headers: { authorization: `Bearer ${token}` } })
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect((await upload(await picture('jpeg'), 'a.jpg', 'image/jpeg')).body.code).toBe('0')
    const [n] = await server.db.query<{ n: number }>('select count(*)::int as n from customer_photos')
    expect(n!.n).toBe(1)
  })

  it('a text file named .png is refused by its bytes', async () => {
    const id = (await contact()).photo
    expect(await upload(Buffer.from('bonjour, je ne suis pas une image'), 'photo.png')).toEqual({
      status: 200,
      body: { code: '1', message: validation.photoType },
    })
    expect((await contact()).photo).toBe(id)
  })

  it('over 2 Mo is refused with 413 and not stored, also far over (cut by the multipart limit); exactly 2 Mo passes', async () => {
    const big = (n: number) => Buffer.concat([PNG, Buffer.alloc(n - PNG.length)])
    const id = (await contact()).photo
    const tooLarge = { status: 413, body: { code: '1', message: validation.photoSize } }
    expect(await upload(big(2 * 1024 * 1024 + 1), 'grande.png')).toEqual(tooLarge)
    expect(await upload(big(12 * 1024 * 1024), 'enorme.png')).toEqual(tooLarge)
    expect((await contact()).photo).toBe(id)
    expect((await upload(big(2 * 1024 * 1024), 'juste.png')).body).toEqual({ code: '0', message: api.contact.photoDone })
  })

  it('bytes that start like an image but do not decode are refused by their type', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 7)])
    expect((await upload(fake, 'faux.png')).body).toEqual({ code: '1', message: validation.photoType })
  })

  it('no file in the field photo', async () => {
    expect((await upload(PNG, 'moi.png', 'image/png', token, 'image')).body).toEqual({ code: '1', message: validation.photoRequired })
  })
})

describe('photo/update reads the whole body before storing: one file and a few small fields (docs/security.md)', () => {
  const send = (form: FormData) => postPhotoForm(server, token, form)
  /** A form whose first part is a good photo, which alone would be stored. */
  const withPhoto = async () => {
    const form = new FormData()
    form.append('photo', new Blob([new Uint8Array(await picture('jpeg'))], { type: 'image/jpeg' }), 'nouvelle.jpg')
    return form
  }
  const tooLarge = { status: 413, body: { code: '1', message: api.payloadTooLarge } }

  it('two files: 413, and the photo is unchanged', async () => {
    const id = (await contact()).photo
    const form = await withPhoto()
    form.append('photo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'autre.png')
    expect(await send(form)).toEqual(tooLarge)
    expect((await contact()).photo).toBe(id)
  })

  it('a thousand fields after the photo: 413, and the photo is unchanged', async () => {
    const id = (await contact()).photo
    const form = await withPhoto()
    for (let i = 0; i < 1000; i++) form.append(`f${i}`, 'x')
    expect(await send(form)).toEqual(tooLarge)
    expect((await contact()).photo).toBe(id)
  })

  it('a field over 1 KiB after the photo: 413, and the photo is unchanged; four small fields are tolerated', async () => {
    const id = (await contact()).photo
    const long = await withPhoto()
    long.append('note', 'x'.repeat(1025))
    expect(await send(long)).toEqual(tooLarge)
    expect((await contact()).photo).toBe(id)
    const small = await withPhoto()
    for (let i = 0; i < 4; i++) small.append(`f${i}`, 'x'.repeat(1024))
    expect(await send(small)).toEqual({ status: 200, body: { code: '0', message: api.contact.photoDone } })
    expect((await contact()).photo).not.toBe(id)
  })
})
