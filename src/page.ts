/*
 * What every page of the portal does at start, from its one entry (src/signIn.tsx: the sign-in
 * page's form, or the app on any other route).
 */
import { sessionStore } from './api/sessionStore'

/** Before the first screen runs. */
export function preparePage(): void {
  // A tab still running an earlier version may ask for a screen's chunk that a new deployment no
  // longer serves (the service worker precaches only the everyday screens: docs/decisions.md).
  // Vite reports such a failed lazy import as `vite:preloadError`; reloading once picks up the
  // current version as a whole, never a mix. The time kept in session storage stops a reload loop
  // when the chunk fails for another reason (no network: the worker then shows the offline page).
  window.addEventListener('vite:preloadError', (event) => {
    // Not for a file fetched ahead of need (its failure only means "later"), nor without a network:
    // a reload would then swap the screen the customer is on for the offline page.
    if (aheadOfNeed > 0 || !navigator.onLine) return
    const mark = 'portal.reloadedForChunk'
    if (Date.now() - Number(sessionStorage.getItem(mark) ?? 0) < 30_000) return
    sessionStorage.setItem(mark, String(Date.now()))
    event.preventDefault()
    location.reload()
  })
}

/** Lazy imports under way that only fetch ahead of need (`fetchAhead`). */
let aheadOfNeed = 0

/** A lazy import made ahead of need: if it fails, nothing is reloaded (the first real need asks again). */
export async function fetchAhead<T>(load: () => Promise<T>): Promise<T> {
  aheadOfNeed++
  try {
    return await load()
  } finally {
    aheadOfNeed--
  }
}

/** How long the page waits for the browser to be idle after its load before it fetches ahead anyway. */
const IDLE_WAIT_MS = 2000

/**
 * The browser asks to save data: Chromium's data saver (Android's Lite mode), which also sends
 * `Save-Data: on` with every request; `navigator.connection` is how a page reads it. Then nothing
 * is fetched ahead of need before sign-in: neither the app nor the service worker's precache.
 */
export function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true
}

/**
 * Resolves once the first screen is done with the link: the page has loaded (every file it named,
 * its styles and fonts) and the browser then had an idle moment (or IDLE_WAIT_MS passed). What is
 * fetched ahead of need starts only then, so that it never competes with the first screen on a
 * slow link that all connections share (docs/performance.md).
 */
export function afterFirstScreen(): Promise<void> {
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((ok) => window.addEventListener('load', () => ok(), { once: true }))
  return loaded.then(
    () =>
      new Promise<void>((ok) => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => ok(), { timeout: IDLE_WAIT_MS })
        else setTimeout(ok, 0)
      }),
  )
}

let registering: Promise<void> | undefined

/**
 * The service worker (scripts/vite/service-worker.ts), once the first screen is done with the link
 * (`afterFirstScreen`), so that its precache never competes with it; once per page. When the
 * browser asks to save data, not before sign-in (the app registers it once signed in). Not in
 * development, where there is none.
 */
export function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve()
  if (savesData() && !sessionStore.isSignedIn()) return Promise.resolve()
  registering ??= afterFirstScreen().then(() =>
    // updateViaCache 'all': the browser's check after each navigation may be answered by its
    // cache while the script's lifetime lasts (server/http/spa.ts): one check a visit, not one
    // per reload or tab (mobile data).
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'all' }).then(
      () => undefined,
      (error: unknown) => console.warn('service worker', error),
    ),
  )
  return registering
}
