/**
 * Short-lived, single-use links to statement files, for the browser's own download manager
 * (docs/decisions.md): the page asks for a link (download/link, with its session) and hands it
 * to the browser, which fetches the file without an Authorization header; the link is the
 * authorisation. A link is `<claims>.<mac>`: the claims (file, format, customer, expiry, a random
 * nonce) in base64url JSON, and HMAC-SHA256 of them under the server's key in base64url. It is
 * valid LINK_SECONDS and once: its nonce is written when used (migration 040).
 *
 * The key is random, made once and kept in app_state, so that every process of a PostgreSQL
 * database signs and checks alike; a link lives a minute, so the key needs no rotation.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db/db.ts'

/** How long a link may be used after it was given. */
export const LINK_SECONDS = 60
const KEY_STATE = 'download_link_key'

export interface LinkClaims {
  /** The statement record's id (its file name without extension). */
  file: string
  format: 'pdf' | 'csv'
  customer: string
  /** Expiry, seconds since the epoch. */
  expires: number
  nonce: string
}

export async function loadLinkKey(q: Queryable): Promise<Buffer> {
  await q.query('insert into app_state (key, value) values ($1, $2) on conflict (key) do nothing', [KEY_STATE, randomBytes(32).toString('base64url')])
  const [row] = await q.query<{ value: string }>('select value from app_state where key = $1', [KEY_STATE])
  return Buffer.from(row!.value, 'base64url')
}

const mac = (key: Buffer, claims: string) => createHmac('sha256', key).update(claims).digest()

export function signLink(key: Buffer, claims: Omit<LinkClaims, 'nonce' | 'expires'>, now: Date): { link: string; claims: LinkClaims } {
  const full: LinkClaims = { ...claims, expires: Math.floor(now.getTime() / 1000) + LINK_SECONDS, nonce: randomBytes(12).toString('base64url') }
  const encoded = Buffer.from(JSON.stringify(full)).toString('base64url')
  return { link: `${encoded}.${mac(key, encoded).toString('base64url')}`, claims: full }
}

/** The claims of a link this server signed and that has not expired; undefined otherwise. */
export function verifyLink(key: Buffer, link: string, now: Date): LinkClaims | undefined {
  const [encoded, signature, extra] = link.split('.')
  if (!encoded || !signature || extra !== undefined) return undefined
  // The signature compared as the text this server writes, not as the bytes it decodes to: a
  // base64url decoder skips characters out of its alphabet and the last character's two spare bits,
  // so several texts decode to one MAC, and a changed link must never still open the file.
  const given = Buffer.from(signature)
  const expected = Buffer.from(mac(key, encoded).toString('base64url'))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  let claims: LinkClaims
  try {
    claims = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as LinkClaims
  } catch {
    return undefined
  }
  if (typeof claims.expires !== 'number' || claims.expires * 1000 <= now.getTime()) return undefined
  if (claims.format !== 'pdf' && claims.format !== 'csv') return undefined
  return claims
}

/** Marks the link used; false when it was used already. Expired marks are removed on the way. */
export async function useLinkOnce(q: Queryable, claims: LinkClaims, now: Date): Promise<boolean> {
  const rows = await q.query(
    `with expired as (delete from download_links_used where expires_at < $3)
     insert into download_links_used (nonce, expires_at) values ($1, $2) on conflict (nonce) do nothing returning nonce`,
    [claims.nonce, new Date(claims.expires * 1000), now],
  )
  return rows.length === 1
}
