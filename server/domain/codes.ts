/**
 * Validation codes of transfers (rulings §4; REQ-SERVER-02, REQ-SERVER-03): 8 random digits, sent by SMS and e-mail, never
 * stored. The server keeps HMAC-SHA256(key, "<reference>:<code>"): bound to that one pending
 * transfer (the same code under another reference gives another hash), compared in constant time.
 *
 * An 8-digit code has 10^8 values: with the key, a stolen table would give a pending code within
 * seconds, so the key is not in the table. It is the CODE_SECRET setting; without it, a random key
 * made at the first start and kept in app_state (demo mode and tests). A bank sets CODE_SECRET.
 */
import { createHash, createHmac, createSecretKey, randomBytes, randomInt, timingSafeEqual, type KeyObject } from 'node:crypto'
import type { Queryable } from '../db/db.ts'

export const CODE_DIGITS = 8
const KEY_STATE = 'code_hmac_key'

export function newCode(): string {
  return randomInt(0, 10 ** CODE_DIGITS)
    .toString()
    .padStart(CODE_DIGITS, '0')
}

/**
 * The key as a KeyObject, made once: `createHmac` given the key's bytes makes a key object of them
 * at every call, about ten times the cost of the HMAC itself (measured on Node 24: ~70–120 µs
 * against ~8–10 µs), and every ask and confirm hashes a code.
 */
export type CodeKey = KeyObject

export function hashCode(key: CodeKey, reference: string, code: string): string {
  return createHmac('sha256', key).update(`${reference}:${code}`).digest('hex')
}

export function codeMatches(key: CodeKey, reference: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex')
  const actual = Buffer.from(hashCode(key, reference, code), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** The HMAC key: CODE_SECRET when set, otherwise the one kept in the database (made once). */
export async function loadCodeKey(q: Queryable, configured: string | undefined): Promise<CodeKey> {
  if (configured) return createSecretKey(createHash('sha256').update(configured).digest())
  await q.query('insert into app_state (key, value) values ($1, $2) on conflict (key) do nothing', [KEY_STATE, randomBytes(32).toString('base64url')])
  const [row] = await q.query<{ value: string }>('select value from app_state where key = $1', [KEY_STATE])
  return createSecretKey(Buffer.from(row!.value, 'base64url'))
}

/**
 * loadCodeKey once: the first call reads (or makes) the key, the next ones get the same promise;
 * a failure is forgotten, so that the next call tries again (the database may be back).
 */
export function codeKeyOnce(q: Queryable, configured: string | undefined): () => Promise<CodeKey> {
  let key: Promise<CodeKey> | undefined
  return () =>
    (key ??= loadCodeKey(q, configured).catch((error: unknown) => {
      key = undefined
      throw error
    }))
}

/** Crockford's base32 (no I, L, O, U): easy to read out on the phone. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const PREFIX = { account: 'VIR', momo: 'MOB', card: 'CRT', pinReset: 'PIN' } as const

/** A transfer (or PIN reset) reference: a prefix by kind and 20 random base32 characters (100 bits). */
export function newReference(kind: keyof typeof PREFIX): string {
  // 256 is a multiple of 32: each character is uniform.
  return PREFIX[kind] + [...randomBytes(20)].map((b) => ALPHABET[b % 32]).join('')
}
