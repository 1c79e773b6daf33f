/// <reference lib="webworker" />
/**
 * The service worker, built by vite-plugin-pwa from Workbox's modules (scripts/vite/service-worker.ts
 * says what is precached and why). Hand-written here: only which answer a request gets.
 *
 * - The precached files (scripts, styles, the offline page, the sign-in page) come from the cache
 *   of this version: a running page never gets a chunk of another build.
 * - The sign-in page, the page a returning customer opens, comes from the cache too, with a fresh
 *   CSP nonce (freshNonce.ts): no round trip and no byte before the form shows. It is the page of
 *   this version, naming this version's chunks, with the bank's name as the server wrote it when
 *   the worker was installed. Without network it is the offline page instead: a form that cannot
 *   be sent would only fail later. Once a newer version is installed and waiting, it is asked of
 *   the network again, so that a deployment reaches a new tab at its next visit.
 * - A page of the signed-in app (/app and below: a reload, a bookmark) is that same kept page,
 *   fresh nonce included, with its prerendered form taken out: its entry starts the app on any
 *   route but /login (src/signIn.tsx), from this version's cache. A reload then costs the screen's
 *   API calls only, not a page and an entry (~2.9 KB of mobile data). Same rules: the offline
 *   page without network, the network once a newer version waits.
 * - Every other page is asked of the network (the server fills in each answer), the offline page
 *   when there is none.
 * - A hashed file not precached (a screen opened now and then) is kept once fetched, until the
 *   next version takes over.
 * - The API (/api, /auth, /__dev) has no route: the worker never answers it, so money data is never
 *   read from a cache.
 * - A new version waits (no skipWaiting): it takes over once no tab runs the old one.
 */
import { addRoute, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { isAppRoute, keptPageOf, OFFLINE_PAGE, PUBLIC_PAGES } from '../../kernel/publicPages'
import { newNonce, withFreshNonce, withoutPrerendered } from './freshNonce'

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

// (No cleanupOutdatedCaches: it clears the caches of Workbox versions before 5, which never ran here.)
precache(self.__WB_MANIFEST)

/** The kept page with a nonce of its own, or undefined when it is not kept (or carries none). */
async function keptPage(route: string, asAppShell = false): Promise<Response | undefined> {
  const kept = await matchPrecache(route)
  if (!kept) return undefined
  const fresh = withFreshNonce({ html: await kept.text(), policy: kept.headers.get('content-security-policy') ?? '' }, newNonce())
  if (!fresh) return undefined
  if (asAppShell) {
    const shell = withoutPrerendered(fresh.html)
    if (!shell) return undefined
    fresh.html = shell
  }
  const headers = new Headers(kept.headers)
  // The body is given decoded: the encoding and length the server sent no longer describe it.
  headers.delete('content-encoding')
  headers.delete('content-length')
  headers.set('content-security-policy', fresh.policy)
  return new Response(fresh.html, { status: kept.status, statusText: kept.statusText, headers })
}

async function offlinePage(): Promise<Response> {
  return (await matchPrecache(`/${OFFLINE_PAGE}`)) ?? Response.error()
}

/** The kept page whose entry also starts the app (the sign-in page's, src/signIn.tsx). */
const APP_SHELL = PUBLIC_PAGES.find((page) => page.keptByWorker && page.entry)?.paths[0]

// Pages first, so that the precache's own route never serves the kept page with its old nonce.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request, url }) => {
    const appShell = APP_SHELL && isAppRoute(url.pathname)
    const route = keptPageOf(url.pathname) ?? (appShell ? APP_SHELL : undefined)
    if (route && !self.navigator.onLine) return offlinePage()
    // Once a new version is installed (it waits for the old one's tabs to close), a page is the
    // new version's, from the server: a new tab runs the new build whole, not this old one.
    const kept = route && !self.registration.waiting && (await keptPage(route, Boolean(appShell)))
    if (kept) return kept
    return fetch(request).catch(offlinePage)
  },
)

// Every other precached file, from this version's cache.
addRoute()

/** The screens opened now and then, kept once fetched. */
const SCREENS = 'screens'

// A hashed file never changes: once fetched, it is read from this cache.
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'), new CacheFirst({ cacheName: SCREENS }))

// A new version never reads an earlier version's files (their names are hashed): it starts with an
// empty cache of them, which so holds one version's rare screens at most. It takes over only when
// no tab runs the earlier version, so no running page loses a file it may still ask for.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(SCREENS)))
