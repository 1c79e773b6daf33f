/**
 * PINs are stored with scrypt (rulings §4, REQ-SERVER-06): a random salt per PIN and the cost parameters in the
 * stored string, so that the cost can be raised later without invalidating existing PINs.
 * Comparison is constant-time.
 *
 * Note: a 5-digit PIN has only 100 000 values, so no hash resists an attacker who has the table;
 * what protects the customer online is the lock after 5 wrong tries (MAX_PIN_FAILURES).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { availableParallelism } from 'node:os'

export const MAX_PIN_FAILURES = 5

/** The least scrypt cost (log2 of N) production accepts for new PIN hashes: PIN_HASH_COST's default. */
export const PRODUCTION_PIN_HASH_COST = 15

/** N = 2^15 unless PIN_HASH_COST says otherwise (usePinHashCost; below 15 in demo mode only). */
let COST = { N: 2 ** PRODUCTION_PIN_HASH_COST, r: 8, p: 1 }
const KEY_LENGTH = 32
/** 128 * N * r bytes are needed; Node's default limit (32 MiB) is just too small for N = 2^15. */
const MAX_MEMORY = 64 * 1024 * 1024

/**
 * scrypt runs in libuv's thread pool, never on the event loop (~0.1 s of one core per PIN, 32 MiB).
 * That pool (4 threads unless UV_THREADPOOL_SIZE says otherwise) also reads files and compresses
 * answers: 16 sign-ins at once held a file read behind them for 1.7 s. So at most this many run at
 * once, the others queue here: two pool threads stay free for everything else.
 *
 * One per core (not one fewer): with one slot on a 2-core machine, sign-ins queued behind each other
 * at 4–5 a second (3 % of 150 req/s) while a core was left to the event loop, which the rest of the
 * traffic did not need; the event loop is its own thread either way, and two processes of one slot
 * each (the same two scrypts on two cores) already held that traffic.
 */
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4
export const SCRYPT_AT_ONCE = Math.max(1, Math.min(POOL_SIZE - 2, availableParallelism()))
let running = 0
const queued: (() => void)[] = []

async function scrypt(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  if (running >= SCRYPT_AT_ONCE) await new Promise<void>((resolve) => queued.push(resolve))
  else running++
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scryptCallback(secret, salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
    )
  } finally {
    // The slot passes straight to the next in line (running stays the same), or is freed.
    const next = queued.shift()
    if (next) next()
    else running--
  }
}

/**
 * The cost of the PINs hashed from now on (PIN_HASH_COST, log2 of N): the server sets it at start,
 * before any hash. A stored hash is checked at its own cost; the decoy is made at the first call.
 */
export function usePinHashCost(log2: number): void {
  COST = { ...COST, N: 2 ** log2 }
}

/** "scrypt$N$r$p$salt$hash" (base64url). */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(pin, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scrypt(pin, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * A hash of no one's PIN: an unknown user code is checked against it, so that it costs the same
 * time as a known one and the answer time does not tell which user codes exist.
 */
const decoys = new Map<number, Promise<string>>()
export function decoyPinHash(): Promise<string> {
  // One per cost: an unknown code costs what a PIN hashed now costs (PIN_HASH_COST).
  let decoy = decoys.get(COST.N)
  if (!decoy) decoys.set(COST.N, (decoy = hashPin(randomBytes(8).toString('hex'))))
  return decoy
}
