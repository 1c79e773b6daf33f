/**
 * The service worker (src/serviceWorker/sw.ts, hand-written; vite-plugin-pwa builds it and writes
 * its precache list in) and the web app manifest.
 *
 * - Precached: the scripts and styles of the sign-in page, the app (the shell and the dashboard
 *   included) and the everyday screens (balance, transfers), the offline page and the sign-in page
 *   itself (kernel/publicPages.ts `keptByWorker`), each under its revision (hashed names under /assets, a content hash for the
 *   rest): a repeat visit reads them from the cache, not the network. The screens opened now and
 *   then are cached when first opened (mobile data).
 * - The sign-in page is precached under its route (/login), as the server answers it (bank name,
 *   nonce); its revision is its template's, so a new build brings a new page with its new chunks.
 * - Registered once the first screen is done with the link (src/page.ts), never before sign-in when
 *   the browser asks to save data; its list is fetched smallest first (`smallestFirst`).
 * - A new version waits (no skipWaiting): it takes over once no tab of the portal runs the old one,
 *   so that a running page never gets chunks of another build (docs/decisions.md).
 */
import type { ManifestTransform } from 'workbox-build'
import type { VitePWAOptions } from 'vite-plugin-pwa'
import { shell } from '../../machines/messages.ts'
import { OFFLINE_PAGE, PUBLIC_PAGES } from '../../kernel/publicPages.ts'

/**
 * The chunks of the screens a customer opens now and then (not every session): not precached. The
 * PIN reset among them, like its page (kernel/publicPages.ts: only /login is kept).
 */
const RARE_SCREENS = [
  'PinResetPage',
  'StatementPage',
  'NotificationsPage',
  'ProfilePage',
  'PhotoPage',
  'ContactPage',
  'PasswordChangePage',
  'TermsPage',
  'profile',
  'profile.css',
  // The customer's bank beyond the specification (rulings §9): looked at now and then, and the
  // temporary PIN's screen once after a PIN reset; a transfer's unknown result, rarely.
  'MyTransfersPage',
  'SessionsPage',
  'NewPinPage',
  'ResultUnknown',
]

/**
 * The design card's dialogs and toasts (src/flows/overlays.ts): never fetched on the sign-in page,
 * so not precached (the worker's precache runs there); the app fetches them once signed in, and
 * the worker keeps them then like any screen's chunk.
 */
const AFTER_SIGN_IN = ['overlays']

/** The brand colour of src/ui/theme.css.ts (the light theme's). */
const BRAND = '#0b4f6c'

/** The pages the worker keeps, as files of the build (their templates) and as routes. */
const KEPT_PAGES = PUBLIC_PAGES.filter((page) => page.keptByWorker)

/** A kept page's template, precached under its route: the server fills it in when the worker fetches it. */
const pagesUnderTheirRoutes: ManifestTransform = (entries) => ({
  manifest: entries.map((entry) => {
    const page = KEPT_PAGES.find((p) => p.file === entry.url)
    return page ? { ...entry, url: page.paths[0]! } : entry
  }),
  warnings: [],
})

/**
 * The precache in order of size, smallest first: the worker fetches its list one file after
 * another (src/serviceWorker/sw.ts), so a visit cut short keeps the most files, and the sign-in page and the
 * offline page (a few KiB each) come before the larger scripts. Registered once the first screen
 * is done with the link and the app fetched (src/page.ts), the worker finds the app's files in the
 * HTTP cache (hashed files are asked with the cache's default mode).
 */
const smallestFirst: ManifestTransform = (entries) => ({ manifest: [...entries].sort((a, b) => a.size - b.size), warnings: [] })

export const serviceWorker: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/serviceWorker',
  filename: 'sw.ts',
  registerType: 'prompt',
  // Registered by src/page.ts, once the first screen is done with the link (no inline script: the CSP).
  injectRegister: false,
  // Not precached: the browser fetches the icons when the portal is added to the home screen.
  includeManifestIcons: false,
  manifest: {
    name: shell.portalName,
    short_name: shell.portalName,
    lang: 'fr',
    start_url: '/login',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND,
    background_color: BRAND,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,woff2}', OFFLINE_PAGE, ...KEPT_PAGES.map((page) => page.file)],
    // Mobile data is money (docs/decisions.md): the first visit does not download what the customer
    // may never open. Left out: the icons (the browser fetches them when the portal is added to the
    // home screen), the tab's icon (the page asks for it itself and keeps it a day) and the screens
    // opened now and then, cached on first use (sw.ts).
    // (Every page starts from the sign-in page's entry, precached with it: there is no other entry.)
    globIgnores: ['sw.js', ...[...RARE_SCREENS, ...AFTER_SIGN_IN].map((name) => `assets/${name}-*`)],
    // Hashed names need no revision of their own.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [pagesUnderTheirRoutes, smallestFirst],
    // A classic script: one file, no module loading before the worker can start.
    rollupFormat: 'iife',
  },
}
