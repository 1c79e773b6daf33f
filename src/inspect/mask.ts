/**
 * What the machine inspector may see: the same data with every secret replaced. PINs, codes and
 * tokens never leave the page in clear, even in a QA build.
 */
const SECRET_KEYS = /^(password|password2|oldpassword|pin|token|authorization)$/i
export const MASK = '•••'

export function maskSecrets<T>(value: T, depth = 0): T {
  if (depth > 8 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1)) as T
  const copy: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    copy[key] = SECRET_KEYS.test(key) && inner !== '' && inner != null ? MASK : maskSecrets(inner, depth + 1)
  }
  return copy as T
}
