/**
 * The sign-in lock-out across processes (docs/security.md, "The lock-out"): two production server
 * processes on one private PostgreSQL, sign-ins sent to both at random. What bounds parallel
 * guesses (the checks in flight, migration 030) is in the database, so two processes together still
 * check only 5 of 30 simultaneous wrong PINs; simultaneous right PINs all sign in, also while a
 * stranger guesses from another address. Skipped without PostgreSQL binaries, as scale-out.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db/db.ts'
import { migrate } from '../../server/db/migrate.ts'
import { hashPin } from '../../server/domain/pins.ts'
import { findPostgres, startPostgres, type Postgres } from './postgres.ts'
import { productionEnv, startServerProcess, type ServerProcess } from './processes.ts'
import { startSmsGateway, startSmtpReceiver, type SmsGateway, type SmtpReceiver } from './receivers.ts'

const bin = findPostgres()
if (!bin) console.info('signin-processes.test.ts skipped: no PostgreSQL binaries (PG_BIN or /usr/lib/postgresql/*/bin).')

const PIN = '24680'
const HOME = '198.51.100.1'

describe.skipIf(!bin)('sign-ins through two server processes on one PostgreSQL', { timeout: 300_000 }, () => {
  let postgres: Postgres
  let db: Db
  let smtp: SmtpReceiver
  let gateway: SmsGateway
  const servers: ServerProcess[] = []
  let pinHash: string
  let kcode: string
  let n = 0

  beforeAll(async () => {
    postgres = await startPostgres(bin!)
    const url = await postgres.createDatabase('portal')
    db = await openDb({ databaseUrl: url })
    await migrate(db)
    pinHash = await hashPin(PIN)
    smtp = await startSmtpReceiver()
    gateway = await startSmsGateway()
    const env = productionEnv(url, { smtpUrl: smtp.url, smsGatewayUrl: gateway.url }, { TRUST_PROXY: 'true', SIGNIN_ADDRESS_LIMIT: '100000' })
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])))
  }, 300_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await db?.close()
    await smtp?.close()
    await gateway?.close()
    await postgres?.destroy()
  })

  beforeEach(async () => {
    kcode = `K88800${String(++n).padStart(2, '0')}`
    await db.query(`insert into customers (kcode, name, pin_hash) values ($1, 'Client Test', $2)`, [kcode, pinHash])
  })

  /** The i-th try goes to one process or the other, alternately. */
  const login = async (i: number, address: string, password: string) => {
    const res = await fetch(servers[i % 2]!.url + '/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ username: kcode, password }),
    })
    await res.arrayBuffer()
    return res.status
  }
  const failedAttempts = async () =>
    (await db.query<{ failed_attempts: number }>('select failed_attempts from customers where kcode = $1', [kcode]))[0]!.failed_attempts
  const checksLeft = async () => (await db.query<{ n: number }>('select count(*)::int as n from signin_checks'))[0]!.n

  it('30 wrong PINs at once from one address, through both: 5 checked, the 5th blocks, 25 never checked', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(i, '203.0.113.5', '11111')))
    expect(answers.filter((s) => s === 403)).toHaveLength(4)
    expect(answers.filter((s) => s === 401)).toHaveLength(26)
    expect(await failedAttempts()).toBe(5)
    expect(await checksLeft()).toBe(0)
  })

  it('30 wrong PINs at once from 30 addresses, through both: 5 checked, the others told to wait', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(i, `203.0.114.${i + 1}`, '11111')))
    expect(answers.filter((s) => s === 403)).toHaveLength(5)
    expect(answers.filter((s) => s === 429)).toHaveLength(25)
    expect(await failedAttempts()).toBe(5)
  })

  it('20 right PINs at once from one address, through both: all signed in', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(i, HOME, PIN)))
    expect(answers).toEqual(Array(20).fill(200))
    expect(await checksLeft()).toBe(0)
  })

  it('her 10 right PINs at once while a stranger sends 30 wrong ones, through both: hers all signed in, his 5 checked', async () => {
    expect(await login(0, HOME, PIN)).toBe(200)
    const [theirs, hers] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, (_, i) => login(i, '203.0.113.6', '11111'))),
      Promise.all(Array.from({ length: 10 }, (_, i) => login(i, HOME, PIN))),
    ])
    expect(hers).toEqual(Array(10).fill(200))
    expect(theirs.filter((s) => s === 403)).toHaveLength(4)
    expect(theirs.filter((s) => s === 401)).toHaveLength(26)
    // Right after, at once: the stranger's 5 failures do not make her wait at home.
    expect(await login(1, HOME, PIN)).toBe(200)
  })
})
