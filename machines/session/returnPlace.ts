/**
 * Where a customer goes back after signing in again once their session expired (rulings §6.4):
 * the /app page they were on — a path of the portal itself, never another origin, never a public
 * page (whatever session storage or the address bar may hold).
 */

/** The place kept at expiry: the page, and whose session it was. */
export interface ReturnPlace {
  path: string
  kcode: string
}

/**
 * The path to go back to, or `null`. `place` is what was kept (anything: it is read back from
 * storage); `kcode` is the customer signing in now (another customer starts at the dashboard);
 * `origin` is the portal's own.
 */
export function returnPathOf(place: unknown, kcode: string, origin: string): string | null {
  if (!place || typeof place !== 'object') return null
  const { path, kcode: owner } = place as Partial<ReturnPlace>
  if (typeof path !== 'string' || owner !== kcode || !path.startsWith('/') || path.startsWith('//')) return null
  let url: URL
  try {
    url = new URL(path, origin)
  } catch {
    return null
  }
  // The URL parser resolves "..", backslashes and encoded tricks: judge what it resolved to.
  if (url.origin !== new URL(origin).origin || !url.pathname.startsWith('/app/')) return null
  return url.pathname + url.search + url.hash
}
