/**
 * What the machine inspector and the QA panel may see: the same data with every secret replaced.
 * PINs, passwords, validation codes and tokens never leave the page in clear, even in a QA build.
 *
 * Secrets are found three ways, from the field names the machines and the contract use:
 * - by key: `password` (the login PIN), `oldPassword`/`password2` (password change), `token` (the
 *   transfer and PIN-reset validation codes, the session token of the login answer and of
 *   `session.start`), `pin`, `authorization`;
 * - by the field an event is about: `{ type: 'field.change', field: 'password', value }` carries
 *   the PIN in `value`, so a `value` beside a secret `field` is masked;
 * - by event: `code.change` types the transfer's validation code into `value`;
 * and, whatever the key, a `Bearer …` string (an Authorization header's value).
 *
 * References (`code`, `reference`) stay visible: the receipt shows them to the customer, and the
 * same `code` key carries the contract's status codes ('0', '1', '2') that QA needs to read.
 */
const SECRET_KEYS = /^(password|password2|oldpassword|newpassword|pin|newpin|token|accesstoken|authorization)$/i
/** Events whose `value` is a secret, whatever their other fields. */
const SECRET_VALUE_EVENTS = new Set(['code.change'])
const BEARER = /^bearer\s+\S/i
export const MASK = '•••'
/** Deeper than this, an object is replaced rather than walked: nothing unwalked is shown. */
const MAX_DEPTH = 12
export const TOO_DEEP = '[…]'

const isSecretKey = (key: string) => SECRET_KEYS.test(key)
const isFilled = (value: unknown) => value !== '' && value != null

/** Whether the object's `value` is a secret: an event typing a code, or a secret field's change. */
function hasSecretValue(object: Record<string, unknown>): boolean {
  if (typeof object.type === 'string' && SECRET_VALUE_EVENTS.has(object.type)) return true
  return typeof object.field === 'string' && isSecretKey(object.field)
}

export function maskSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return (BEARER.test(value) ? `Bearer ${MASK}` : value) as T
  if (value === null || typeof value !== 'object') return value
  if (depth > MAX_DEPTH) return TOO_DEEP as T
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1)) as T
  const object = value as Record<string, unknown>
  const secretValue = hasSecretValue(object)
  const copy: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(object)) {
    const secret = isSecretKey(key) || (secretValue && key === 'value')
    // An empty secret stays visible, so that QA sees a field was not filled.
    copy[key] = secret && isFilled(inner) ? MASK : maskSecrets(inner, depth + 1)
  }
  return copy as T
}

/**
 * Plain JSON of anything an inspection event holds (snapshots have `toJSON`, actor references too;
 * functions are dropped; a cycle becomes a marker), then masked. What leaves the page is this.
 */
export function toMaskedJson<T>(value: T): T {
  const ancestors: object[] = []
  const text = JSON.stringify(value, function (this: unknown, _key, inner: unknown) {
    if (inner === null || typeof inner !== 'object') return inner
    // `this` is the object holding `inner`: drop the ancestors that are not on this path any more.
    while (ancestors.length > 0 && ancestors[ancestors.length - 1] !== this) ancestors.pop()
    if (ancestors.includes(inner)) return '[Circular]'
    ancestors.push(inner)
    return inner
  })
  return maskSecrets(text === undefined ? value : (JSON.parse(text) as T))
}
