/**
 * Every bad input is a 4xx with a clear body, and changes nothing: control characters in any
 * string (body, query, path, keys), bodies of the wrong media type (415), oversized bodies (413),
 * multipart bodies over their limits (413, promptly, nothing stored), and photos stored without
 * their metadata.
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, validation } from '../../machines/messages.ts'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, postPhotoForm, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer()
  token = await server.signIn()
})
afterAll(() => server?.close())

/** The rows a refused request must leave alone. */
async function snapshot() {
  const [row] = await server.db.query(
    `select (select count(*)::int from sessions) as sessions, (select count(*)::int from outbox) as outbox,
            (select count(*)::int from pending_transfers) as pending, (select string_agg(balance::text, ',' order by id) from accounts) as balances,
            (select failed_attempts from customers where kcode = $1) as attempts, (select count(*)::int from notifications) as notifications,
            (select count(*)::int from customer_photos) as photos, (select string_agg(id, ',') from customer_photos) as photo_ids`,
    [mainCustomer.kcode],
  )
  return row!
}

const controlRefusal = (field: string) => ({
  code: '400',
  message: api.badRequest,
  errors: [{ field, message: api.fieldErrors.controlCharacter }],
})

describe('control characters: 400 before validation, never reaching PostgreSQL', () => {
  const NUL = '\u0000'
  it.each([
    ['a NUL in the user code', '/auth/login', { username: `K12${NUL}34567`, password: mainCustomer.pin }, 'username'],
    ['a NUL in the PIN', '/auth/login', { username: mainCustomer.kcode, password: `123${NUL}45` }, 'password'],
    ['an escape character', '/auth/v1/password/ask', { compte: 'K1234567\u001b[2J' }, 'compte'],
    ['a C1 control', '/auth/v1/password/ask', { compte: 'K1234567\u0085' }, 'compte'],
    ['a lone surrogate', '/auth/v1/password/ask', { compte: 'K1234567\ud800' }, 'compte'],
  ])('%s', async (_what, path, body, field) => {
    const before = await snapshot()
    const res = await server.call(path, { body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual(controlRefusal(field))
    expect(await snapshot()).toEqual(before)
  })

  it('in a signed-in call body, a nested key, a query parameter and a path parameter', async () => {
    const before = await snapshot()
    const description = await server.call(customerPath('update-contact'), {
      token,
      body: { phone: '0812345678', email: 'a@b.cd', address: `12 avenue${NUL} du Port`, country: 'CD' },
    })
    expect(description.body).toEqual(controlRefusal('address'))
    const key = await server.call(customerPath('update-contact'), { token, body: { [`ph${NUL}one`]: '1' } })
    expect(key.body.errors).toContainEqual({ field: '(clé)', message: api.fieldErrors.controlCharacter })
    const query = await server.call(customerPath('notifications?page=0&size=1%00'), { token })
    expect(query.body).toEqual(controlRefusal('size'))
    const path = await server.call(customerPath('photo/show/abc%00def'), { token })
    expect(path.body).toEqual(controlRefusal('id'))
    const statement = await server.call(customerPath('download/pdf/a%00b.pdf'), { token })
    expect(statement.status).toBe(400)
    for (const res of [description, key, query, path]) expect(res.status).toBe(400)
    expect(await snapshot()).toEqual(before)
    expect(server.logs()).not.toMatch(/"level":50/)
  })

  it('printable text with accents and emoji still passes', async () => {
    const res = await server.call(customerPath('update-contact'), {
      token,
      body: { phone: '0812345678', email: 'a@b.cd', address: '12 avenue de l’Équateur 🌍', country: 'CD' },
    })
    expect(res.body.code).toBe('0')
  })
})

describe('media types: 415 for a body the operation does not take', () => {
  it.each([
    ['text/plain', 'text/plain', JSON.stringify({ username: mainCustomer.kcode, password: mainCustomer.pin })],
    ['text/plain with a charset', 'text/plain; charset=utf-8', 'hello'],
    ['XML', 'application/xml', '<login/>'],
    ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nK1\r\n--x--\r\n'],
    ['an unknown type', 'application/x-nothing', 'abc'],
  ])('login sent as %s', async (_what, type, body) => {
    const before = await snapshot()
    const res = await server.call('/auth/login', { body, headers: { 'content-type': type } })
    expect(res.status).toBe(415)
    expect(res.body).toEqual({ message: api.unsupportedMediaType })
    expect(await snapshot()).toEqual(before)
  })

  it('a customer call with a text body: 415 (after the token check)', async () => {
    const res = await server.call(customerPath('details'), { token, body: 'x', headers: { 'content-type': 'text/plain' } })
    expect(res).toMatchObject({ status: 415, body: { message: api.unsupportedMediaType } })
    const anonymous = await server.call(customerPath('details'), { body: 'x', headers: { 'content-type': 'text/plain' } })
    expect(anonymous.status).toBe(403)
  })

  it('the photo sent as JSON: 415', async () => {
    const res = await server.call(customerPath('photo/update'), { token, body: { photo: 'abc' } })
    expect(res).toMatchObject({ status: 415, body: { message: api.unsupportedMediaType } })
  })
})

describe('oversized bodies: 413', () => {
  it('a JSON body over 64 KiB', async () => {
    const before = await snapshot()
    const res = await server.call('/auth/login', { body: { username: 'K'.repeat(70 * 1024), password: '12345' } })
    expect(res).toMatchObject({ status: 413, body: { message: api.payloadTooLarge } })
    expect(await snapshot()).toEqual(before)
  })
})

describe('photo uploads: limits, truncation, metadata', () => {
  const send = (form: FormData) => postPhotoForm(server, token, form)
  const photoForm = (bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') => {
    const form = new FormData()
    form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name)
    return form
  }

  it('twenty uploads of 4 MiB: every one 413, none stored (the cut at 2 MiB is seen)', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer()
    const big = Buffer.concat([jpeg, Buffer.alloc(4 * 1024 * 1024 - jpeg.length)])
    const before = await snapshot()
    for (let i = 0; i < 20; i++) {
      expect(await send(photoForm(big))).toEqual({ status: 413, body: { code: '1', message: validation.photoSize } })
    }
    // Exactly one byte over the limit (the cut happens there too).
    const over = Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024 + 1 - jpeg.length)])
    expect((await send(photoForm(over))).status).toBe(413)
    expect(await snapshot()).toEqual(before)
  })

  it('a thousand fields before the file: a prompt 413, nothing stored', async () => {
    const before = await snapshot()
    const form = new FormData()
    for (let i = 0; i < 1000; i++) form.append(`f${i}`, 'x')
    form.append(
      'photo',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
              .png()
              .toBuffer(),
          ),
        ],
        { type: 'image/png' },
      ),
      'p.png',
    )
    expect(await send(form)).toEqual({ status: 413, body: { code: '1', message: api.payloadTooLarge } })
    expect(await snapshot()).toEqual(before)
  })

  it('two files, or a field value over its size: 413, nothing stored', async () => {
    const before = await snapshot()
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .png()
      .toBuffer()
    const two = photoForm(png, 'a.png', 'image/png')
    two.append('photo2', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png')
    expect(await send(two)).toEqual({ status: 413, body: { code: '1', message: api.payloadTooLarge } })
    const long = new FormData()
    long.append('note', 'x'.repeat(10_000))
    expect(await send(long)).toEqual({ status: 413, body: { code: '1', message: api.payloadTooLarge } })
    expect(await snapshot()).toEqual(before)
  })

  it('a JPEG with EXIF GPS and trailing bytes is stored re-encoded, without them', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'APPAREIL-SECRET-42' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '4/1 19/1 0/1' } })
      .toBuffer()
    expect(jpeg.includes('APPAREIL-SECRET-42')).toBe(true)
    const sent = Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')])
    expect(await send(photoForm(sent))).toEqual({ status: 200, body: { code: '0', message: api.contact.photoDone } })
    const id = (await server.call(customerPath('get-contact'), { token })).body.photo
    const res = await fetch(server.url + customerPath(`photo/show/${id}`), { headers: { authorization: `Bearer ${token}` } })
    const stored = Buffer.from(await res.arrayBuffer())
    expect(stored.includes('APPAREIL-SECRET-42')).toBe(false)
    expect(stored.includes('<script>')).toBe(false)
    const meta = await sharp(stored).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 32, height: 24 })
    expect(meta.exif).toBeUndefined()
  })

  it('a picture claiming a huge size (decompression bomb) is refused by its type, not decoded', async () => {
    // A PNG header claiming 100 000 × 100 000 pixels, with almost no data.
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: 'red' } })
      .png()
      .toBuffer()
    bomb.writeUInt32BE(100_000, 16)
    bomb.writeUInt32BE(100_000, 20)
    expect((await send(photoForm(bomb, 'b.png', 'image/png'))).body).toEqual({ code: '1', message: validation.photoType })
  })
})
