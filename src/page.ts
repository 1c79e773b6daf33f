/*
 * What every page of the portal does, whichever entry it starts from: src/main.tsx, or the sign-in
 * page's own src/signIn.tsx.
 */

/** Before the first screen runs. */
export function preparePage(): void {
  // A tab still running an earlier version may ask for a screen's chunk that a new deployment no
  // longer serves (the service worker precaches only the everyday screens: docs/decisions.md).
  // Vite reports such a failed lazy import as `vite:preloadError`; reloading once picks up the
  // current version as a whole, never a mix. The time kept in session storage stops a reload loop
  // when the chunk fails for another reason (no network: the worker then shows the offline page).
  window.addEventListener('vite:preloadError', (event) => {
    const mark = 'portal.reloadedForChunk'
    if (Date.now() - Number(sessionStorage.getItem(mark) ?? 0) < 30_000) return
    sessionStorage.setItem(mark, String(Date.now()))
    event.preventDefault()
    location.reload()
  })
}

/**
 * The service worker (scripts/vite/service-worker.ts): registered once the first screen runs, so
 * that its precaching never competes with it. Not in development, where there is none.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('service worker', error))
  }
}
