/**
 * Property-based requests (fast-check) generated from the contract's own schemas, for every
 * operation of openapi/portal.yaml (the demo tools excepted: they exist only in demo mode and
 * change faults by design): valid-looking values, boundary values (lengths and bounds just in and
 * just out) and malformed ones (fields dropped, wrong types, extra fields, control characters, any
 * JSON at all, garbage path and query values, wrong tokens). Properties: the server never answers
 * 5xx, and a refused request (4xx) changes no row of balances, pending transfers, outbox, sessions.
 * One in-memory PGlite and one in-process server for the whole file; the count tried is printed.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContract, type ContractOperation } from '../../server/http/contract.ts'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { startTestServer, type TestServer } from './harness.ts'

const RUNS = Number(process.env.FUZZ_RUNS ?? 200)
const contract = loadContract()
const definitions = contract.sharedSchema.definitions as Record<string, Schema>
const operations = contract.operations.filter((op) => !op.tags.includes('demo'))

interface Schema {
  $ref?: string
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  enum?: unknown[]
  const?: unknown
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
}

const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(definitions[schema.$ref.split('/').pop()!]!) : schema)

/** Strings that have broken servers: controls, NUL, SQL and path tricks, long and odd Unicode. */
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '\ud800',
  '😀'.repeat(50),
  'x'.repeat(5000),
  ' ',
  '',
  '\u202e',
  'null',
  '{}',
)

/** A value that the schema accepts (as far as these keywords go). */
function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema)
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  switch (s.type) {
    case 'object': {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, depth > 3 ? fc.constant('') : valid(v, depth + 1)]))
      return fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) })
    }
    case 'array':
      return fc.array(valid(s.items ?? {}, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) })
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 })
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'string': {
      if (s.format === 'date')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
      if (s.format === 'email') return fc.emailAddress()
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity))
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 200) })
    }
    default:
      return fc.jsonValue({ maxDepth: 1 })
  }
}

/** Values at and just past the schema's bounds, and of the wrong type. */
function boundary(schema: Schema): fc.Arbitrary<unknown> {
  const s = resolve(schema)
  const options: fc.Arbitrary<unknown>[] = [nasty, fc.constant(null), fc.integer(), fc.constant([]), fc.constant({})]
  if (s.type === 'string') {
    for (const n of [s.minLength, s.maxLength].filter((v): v is number => v !== undefined)) {
      options.push(
        fc
          .constantFrom(n - 1, n, n + 1)
          .filter((m) => m >= 0)
          .map((m) => '9'.repeat(m)),
      )
    }
  }
  if (s.type === 'integer' || s.type === 'number') {
    for (const n of [s.minimum, s.maximum].filter((v): v is number => v !== undefined)) options.push(fc.constantFrom(n - 1, n, n + 1, n + 0.5))
    options.push(fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308))
  }
  return fc.oneof(...options)
}

/** A body: valid, one field at a boundary, one field dropped, an extra field, or any JSON. */
function body(schema: Schema): fc.Arbitrary<unknown> {
  const s = resolve(schema)
  const base = valid(s)
  if (s.type !== 'object' || !s.properties) return fc.oneof(base, fc.jsonValue({ maxDepth: 2 }))
  const keys = Object.keys(s.properties)
  const withField = fc
    .tuple(base, fc.constantFrom(...keys))
    .chain(([value, key]) => boundary(s.properties![key]!).map((v) => ({ ...(value as object), [key]: v })))
  const dropped = fc.tuple(base, fc.constantFrom(...keys)).map(([value, key]) => {
    const copy = { ...(value as Record<string, unknown>) }
    delete copy[key]
    return copy
  })
  const extra = fc.tuple(base, fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })).map(([value, k, v]) => ({ ...(value as object), [`x${k}`]: v }))
  return fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: withField, weight: 3 }, dropped, extra, fc.jsonValue({ maxDepth: 2 }))
}

function paramsOf(schema: unknown): fc.Arbitrary<Record<string, unknown>> {
  const s = schema as Schema | undefined
  if (!s?.properties) return fc.constant({})
  return fc.record(Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, fc.oneof(valid(v), boundary(v), fc.string())])))
}

let server: TestServer
let token = ''
let tried = 0
const counts: Record<string, number> = {}

beforeAll(async () => {
  // PINs hashed at scrypt's N = 2^10 instead of production's 2^15 (~2 ms of CPU instead of ~105):
  // the properties are about answers and rows, not the hash, and a login, a PIN change or a PIN
  // reset's confirm each cost a hash, ~600 of them in the file. Production's cost is what every other
  // server file signs in against (lockout.test.ts, auth.test.ts, ...).
  server = await startTestServer({ config: { pinHashCost: 10 } })
  token = await server.signIn()
}, 120_000)
afterAll(async () => {
  console.log(`fuzz: ${tried} requests tried over ${Object.keys(counts).length} operations (${RUNS} per operation)`)
  await server?.close()
})

/**
 * The rows as the last refused request left them (read after it to check it changed nothing): the
 * next request's "before", not read again. Unknown after an accepted request, whose work may go on
 * after its answer, after a failed check, and once the fuzzing customer is made usable again.
 */
let known: Awaited<ReturnType<typeof rows>> | undefined

/** The rows a refused request must not change (sessions: how many, how many ended). */
async function rows() {
  const [row] = await server.db.query(
    `select (select string_agg(number || '=' || balance::text, ',' order by id) from accounts) as balances,
            (select coalesce(string_agg(reference || ':' || state || ':' || tries_left, ',' order by id), '') from pending_transfers) as pending,
            (select count(*)::int from outbox) as outbox,
            (select count(*)::int from sessions) as sessions, (select count(ended_at)::int from sessions) as ended`,
  )
  return row!
}

/** Keeps the fuzzing customer usable: wrong old PINs or sign-ins must not lock the run out. */
async function keepCustomerUsable() {
  await server.db.query('update customers set failed_attempts = 0, pin_blocked_at = null where kcode = $1', [mainCustomer.kcode])
  await server.db.query('delete from signin_failures')
  const live = await server.call('/api/rest/customer/v1/notification-size', { token })
  if (live.status !== 200) token = await server.signIn()
}

/** %XX of one character; a lone surrogate (no UTF-8 form) as its raw 3 bytes, as a hostile client may send them. */
function encodeCharacter(ch: string): string {
  try {
    return encodeURIComponent(ch)
  } catch {
    const c = ch.charCodeAt(0)
    return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
  }
}
const encodeSegment = (text: string) => [...text].map(encodeCharacter).join('')

const fill = (path: string, params: Record<string, unknown>) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(String(params[name] ?? '')))

async function send(
  op: ContractOperation,
  input: { body: unknown; params: Record<string, unknown>; query: Record<string, unknown>; auth: string | null; photo?: Uint8Array },
) {
  const query = new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)])).toString()
  const url = server.url + fill(op.path, input.params) + (query ? `?${query}` : '')
  const headers: Record<string, string> = {}
  if (op.secured && input.auth !== null) headers.authorization = `Bearer ${input.auth}`
  let payload: BodyInit | undefined
  if (op.mediaTypes.includes('multipart/form-data')) {
    const form = new FormData()
    form.append(typeof input.body === 'string' && input.body.length < 20 ? input.body : 'photo', new Blob([new Uint8Array(input.photo ?? [])]), 'f.bin')
    payload = form
  } else if (op.mediaTypes.length) {
    payload = JSON.stringify(input.body) ?? 'null'
    headers['content-type'] = 'application/json'
  }
  const res = await fetch(url, { method: op.method, headers, body: op.method === 'GET' ? undefined : payload })
  await res.arrayBuffer()
  return res.status
}

describe('fuzzing every operation from the contract', () => {
  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: never 5xx; a refused request changes nothing',
    async (id, op) => {
      const bodySchema = op.schema.body as Schema | undefined
      const input = fc.record({
        body: bodySchema ? body(bodySchema) : fc.oneof(fc.constant(undefined), fc.string({ maxLength: 10 })),
        params: paramsOf(op.schema.params),
        query: paramsOf(op.schema.querystring),
        // Mostly the live session's token; sometimes none, a garbage one, or one of the right shape.
        auth: fc.oneof(
          { arbitrary: fc.constant('live'), weight: 8 },
          fc.constant(null),
          fc.string({ maxLength: 60 }),
          fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        ),
        photo: fc.uint8Array({ maxLength: 64 }),
      })
      await fc.assert(
        fc.asyncProperty(input, async (generated) => {
          // A logout with the live token would end the fuzzing session: it gets a wrong one instead.
          const auth = generated.auth === 'live' ? (id === 'logout' ? 'A'.repeat(43) : token) : generated.auth
          const before = known ?? (await rows())
          known = undefined
          const status = await send(op, { ...generated, auth })
          tried++
          counts[id] = (counts[id] ?? 0) + 1
          expect(status, `${id} ${JSON.stringify(generated).slice(0, 300)}`).toBeLessThan(500)
          if (status >= 400) {
            const after = await rows()
            expect(after, `${id} refused with ${status} but changed rows`).toEqual(before)
            known = after
          }
          if (id === 'changePassword' || id === 'login' || id === 'confirmPinReset') {
            await keepCustomerUsable()
            known = undefined
          }
        }),
        { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
      )
      expect(counts[id]).toBeGreaterThanOrEqual(RUNS)
    },
    600_000,
  )
})
