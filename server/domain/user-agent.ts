/**
 * The browser and the system of a session, read from its User-Agent (rulings §9.4: "Sessions et
 * appareils"), for the customer to recognise her sessions — display only, never a security
 * decision (a User-Agent is whatever the client says).
 *
 * A small reader of our own rather than a library (docs/decisions.md): the screen needs a family
 * name and a major version, which the User-Agent strings of the browsers a bank's customers use give
 * in a handful of well-known tokens; since the browsers froze and reduced their User-Agent (Chrome's
 * "User-Agent reduction", Safari's frozen macOS version), a full parser's device and engine tables
 * add nothing the screen shows. Unknown strings give nothing (the screen says it does not know).
 */

export interface ClientOf {
  /** "Chrome 131", "Safari 17", "Firefox 128", "Samsung Internet 25", … */
  browser?: string
  /** "Windows", "macOS", "Android 14", "iOS 17.5", "iPadOS 17.5", "ChromeOS", "Linux" */
  system?: string
}

/**
 * Browsers in the order they must be tried: the Chromium-based ones name "Chrome" too, and Chrome
 * names "Safari", so the most specific token comes first.
 */
const BROWSERS: readonly [name: string, token: RegExp][] = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
  ['Opera Mini', /\bOpera Mini\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS|OPT)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['UC Browser', /\bUCBrowser\/(\d+)/],
  ['Yandex', /\bYaBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\S+)? Safari\//],
]

export function clientOf(userAgent: string | null | undefined): ClientOf {
  if (!userAgent) return {}
  const out: ClientOf = {}
  for (const [name, token] of BROWSERS) {
    const match = token.exec(userAgent)
    if (match) {
      out.browser = `${name} ${match[1]}`
      break
    }
  }
  const system = systemOf(userAgent)
  if (system) out.system = system
  return out
}

function systemOf(ua: string): string | undefined {
  const apple = /\b(iPhone|iPad|iPod)\b.*?\bOS (\d+)(?:_(\d+))?/.exec(ua)
  if (apple) return `${apple[1] === 'iPad' ? 'iPadOS' : 'iOS'} ${apple[2]}${apple[3] ? `.${apple[3]}` : ''}`
  const android = /\bAndroid (\d+(?:\.\d+)?)/.exec(ua)
  if (android) return `Android ${android[1]}`
  if (/\bAndroid\b/.test(ua)) return 'Android'
  if (/\bWindows (?:NT|Phone)\b/.test(ua)) return 'Windows'
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS'
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return 'macOS'
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'Linux'
  return undefined
}
