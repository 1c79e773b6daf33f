/**
 * The public pages that the build gives a page of their own (scripts/vite/public-pages.ts): the
 * page's screen chunk, its imports and its styles are named in its <head>, so that the browser
 * fetches them with the entry rather than one round later when the router asks for them. Every
 * other route gets index.html. Plain data in the kernel: read by the build, the browser (the app, the
 * sign-in page and the service worker) and the server alike.
 */
export interface PublicPage {
  /** The file the build writes beside index.html. */
  file: string
  /** The routes (spec §2) answered with it. */
  paths: readonly string[]
  /** The screen's module, as the router imports it (lazily, or with the app for the smallest). */
  screen: string
  /**
   * The page's own entry, when it does not start from the app's (index.html's): the sign-in page
   * hydrates its form without the router, which arrives while the customer types (src/signIn.tsx).
   */
  entry?: string
  /**
   * The service worker keeps this page, per version, and serves it without asking the network
   * (src/serviceWorker/sw.ts): the page a returning customer opens (the manifest's start_url).
   * The others are asked of the network each time: mobile data is money, and they are rare.
   */
  keptByWorker?: boolean
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { file: 'landing.html', paths: ['/', '/home'], screen: 'src/flows/landing/LandingPage.tsx' },
  { file: 'login.html', paths: ['/login'], screen: 'src/flows/login/LoginPage.tsx', entry: 'src/signIn.tsx', keptByWorker: true },
  { file: 'reinit-password.html', paths: ['/reinit-password'], screen: 'src/flows/pinReset/PinResetPage.tsx' },
]

const publicPageOf = (path: string): PublicPage | undefined => {
  const route = path.length > 1 ? path.replace(/\/+$/, '') : path
  return PUBLIC_PAGES.find((page) => page.paths.includes(route))
}

/** The page file of a route: its own when it is a public page, else index.html. */
export function pageFileOf(path: string): string {
  return publicPageOf(path)?.file ?? 'index.html'
}

/** The route under which the service worker keeps the page of `path`, when it keeps it. */
export function keptPageOf(path: string): string | undefined {
  const page = publicPageOf(path)
  return page?.keptByWorker ? page.paths[0] : undefined
}

/**
 * The page the service worker shows for a page asked for without network (vite.config.ts): a
 * static file of the build, the one page served as a file as it is.
 */
export const OFFLINE_PAGE = 'offline.html'

/**
 * The signed-in app's routes (/app and below, src/router.tsx): on a reload of one of them, the
 * service worker answers with the page it keeps (the sign-in page, whose entry starts the app on
 * any route but /login, src/signIn.tsx) rather than asking the network for index.html and its
 * entry. The other routes the app serves (/conditions, /change-password…) are asked of the network.
 */
export function isAppRoute(path: string): boolean {
  return path === '/app' || path.startsWith('/app/')
}
