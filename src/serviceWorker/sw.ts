/// <reference lib="webworker" />
/**
 * The service worker, hand-written (scripts/vite/service-worker.ts says what is precached and
 * why; vite-plugin-pwa writes the list into `self.__WB_MANIFEST` at build time). Mobile data is
 * money: Workbox's precaching, routing and strategies made a worker of ~6 KB on the wire for what
 * these few rules need (~2 KB).
 *
 * - The precached files (scripts, styles, the offline page, the sign-in page) come from the cache
 *   of this version: a running page never gets a chunk of another build. Installing fetches the
 *   list one file after another, in its order (smallest first), only what the cache does not hold
 *   yet: a hashed file is asked with the HTTP cache's default mode (the page fetched the app's
 *   files already), a file with a revision (the pages, the offline page) from the network.
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
import { isAppRoute, keptPageOf, OFFLINE_PAGE, PUBLIC_PAGES } from '../../kernel/publicPages'
import { newNonce, withFreshNonce, withoutPrerendered } from './freshNonce'

/** One file of the list, as vite-plugin-pwa writes it: a revision for the files whose names are not hashed. */
interface PrecacheEntry {
  url: string
  revision: string | null
}

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

/**
 * The precache: one cache for every version, each file under its address and revision, so that a
 * new version installs beside the running one and removes what it no longer lists only once it
 * takes over. Named, and its keys made, as the Workbox-based worker of earlier versions did: a
 * customer's first update to this worker finds the files that did not change already there, rather
 * than downloading them all again.
 */
const PRECACHE = `workbox-precache-v2-${self.registration.scope}`
const REVISION = '__WB_REVISION__'
/** The screens opened now and then, kept once fetched. */
const SCREENS = 'screens'

/** A file's address in the cache: its own, with its revision when it has one. */
function keyOf(entry: PrecacheEntry | string): { url: string; key: string; revision: string | null } {
  const { url, revision } = typeof entry === 'string' ? { url: entry, revision: null } : entry
  const address = new URL(url, self.location.href)
  const key = new URL(address)
  if (revision) key.searchParams.set(REVISION, revision)
  return { url: address.href, key: key.href, revision }
}

const MANIFEST = self.__WB_MANIFEST.map(keyOf)
/** The cache key of each precached address. */
const KEYS = new Map(MANIFEST.map((entry) => [entry.url, entry.key]))

/** A response the browser may serve for a navigation: a redirected one is copied (Chromium refuses it as it is). */
async function storable(response: Response): Promise<Response> {
  if (!response.redirected) return response
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers })
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE)
      // One after another, smallest first: a visit cut short keeps the most files.
      for (const { url, key, revision } of MANIFEST) {
        if (await cache.match(key)) continue
        const response = await fetch(new Request(url, { cache: revision ? 'reload' : 'default', credentials: 'same-origin' }))
        // A file that cannot be had fails the install: the browser tries again at a later visit.
        if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`)
        await cache.put(key, await storable(response))
      }
    })(),
  )
})

// Taking over: the files this version does not list are removed from the precache, and every other
// cache goes — the screens kept by the earlier version (their names are hashed, this version never
// asks for them) and the caches of an earlier worker. A new version takes over only when no tab
// runs the earlier one, so no running page loses a file it may still ask for.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const listed = new Set(KEYS.values())
      const cache = await caches.open(PRECACHE)
      for (const request of await cache.keys()) if (!listed.has(request.url)) await cache.delete(request)
      for (const name of await caches.keys()) if (name !== PRECACHE) await caches.delete(name)
    })(),
  )
})

/** A precached file of this version, by its address (undefined when it is not listed or not there). */
async function precached(url: string): Promise<Response | undefined> {
  const key = KEYS.get(new URL(url, self.location.href).href)
  return key ? caches.match(key, { cacheName: PRECACHE }) : undefined
}

/** The kept page with a nonce of its own, or undefined when it is not kept (or carries none). */
async function keptPage(route: string, asAppShell: boolean): Promise<Response | undefined> {
  const kept = await precached(route)
  if (!kept) return undefined
  const fresh = withFreshNonce({ html: await kept.text(), policy: kept.headers.get('content-security-policy') ?? '' }, newNonce())
  if (!fresh) return undefined
  const html = asAppShell ? withoutPrerendered(fresh.html) : fresh.html
  if (html === undefined) return undefined
  const headers = new Headers(kept.headers)
  // The body is given decoded: the encoding and length the server sent no longer describe it.
  headers.delete('content-encoding')
  headers.delete('content-length')
  headers.set('content-security-policy', fresh.policy)
  return new Response(html, { status: kept.status, statusText: kept.statusText, headers })
}

async function offlinePage(): Promise<Response> {
  return (await precached(`/${OFFLINE_PAGE}`)) ?? Response.error()
}

/** The kept page whose entry also starts the app (the sign-in page's, src/signIn.tsx). */
const APP_SHELL = PUBLIC_PAGES.find((page) => page.keptByWorker && page.entry)?.paths[0]

async function page(request: Request, url: URL): Promise<Response> {
  const appShell = APP_SHELL !== undefined && isAppRoute(url.pathname)
  const route = keptPageOf(url.pathname) ?? (appShell ? APP_SHELL : undefined)
  if (route && !self.navigator.onLine) return offlinePage()
  // Once a new version is installed (it waits for the old one's tabs to close), a page is the
  // new version's, from the server: a new tab runs the new build whole, not this old one.
  const kept = route && !self.registration.waiting && (await keptPage(route, appShell))
  if (kept) return kept
  return fetch(request).catch(offlinePage)
}

/** A hashed file: from the cache once fetched (a hashed file never changes). */
async function screenFile(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(SCREENS)
  const kept = await cache.match(event.request)
  if (kept) return kept
  const response = await fetch(event.request)
  if (response.status === 200) event.waitUntil(cache.put(event.request, response.clone()))
  if (response.status === 404) event.waitUntil(lookForNewVersion().catch(() => undefined))
  return response
}

/**
 * A hashed file the server no longer has: a new version was deployed. The browser keeps this
 * worker's script for its lifetime (5 minutes by default, server/http/spa.ts) and answers its
 * update checks from that copy meanwhile; so the script is asked of the server itself first, then
 * checked: the new version installs now, and the next page is its own (`page` above), as soon as
 * it was before the lifetime.
 */
async function lookForNewVersion(): Promise<void> {
  await fetch(self.location.href, { cache: 'no-cache' })
  await self.registration.update()
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  // Pages first: the kept page is never served with its old nonce.
  if (request.mode === 'navigate') return event.respondWith(page(request, url))
  // Every other precached file, from this version's cache (the network if it is not there).
  if (KEYS.has(url.href)) return event.respondWith(precached(url.href).then((kept) => kept ?? fetch(request)))
  if (url.pathname.startsWith('/assets/')) return event.respondWith(screenFile(event))
  // Anything else (the API first of all) is not the worker's: the browser asks the network.
})
