import './ui/theme.css'
import { RouterProvider } from '@tanstack/react-router'
import { setNonce } from 'get-nonce'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { pageFileOf } from '../server/http/public-pages'
import { startInspector } from './inspect/inspector'
import { router } from './router'
import { SessionContext, startSession } from './session/session'

// The dialog's scroll lock adds a <style> element; the server's CSP admits it by this nonce.
setNonce(document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '')
await startInspector()
const session = startSession((href) => void router.navigate({ href, replace: true }))

// No <StrictMode>: its rehearsal unmount stops each flow's actor, and @xstate/react restarts it
// from a persisted snapshot in which a running promise actor (a list being loaded) never settles,
// so development builds would show screens stuck on their first load (docs/decisions.md).
const app = (
  <SessionContext value={session}>
    <RouterProvider router={router} />
  </SessionContext>
)
const root = document.getElementById('root')!
// A public page comes prerendered (src/prerender.tsx): once its screen's chunk is loaded, React
// takes over the markup in place (hydration), keeping what the customer already typed. When the
// route shows something else (a stored session sends /login to the dashboard), the app renders
// afresh instead.
const prerendered = root.dataset.prerendered
await router.load()
if (prerendered && pageFileOf(router.state.location.pathname) === pageFileOf(prerendered)) {
  // The router renders the tree of a server-rendered page (no Suspense of its own around the
  // routes) when it knows the page came from a server; its own SSR hydration would bring inline
  // scripts of router state, which the CSP forbids, and which a public page does not need.
  router.ssr = { manifest: undefined }
  hydrateRoot(root, app, { onRecoverableError: (error) => console.error('hydration', error) })
} else {
  root.replaceChildren()
  createRoot(root).render(app)
}

// Inspector build only (VITE_INSPECT, replaced at build time): the offline QA panel, a chunk of its
// own mounted in a root of its own, so that it survives navigation (docs/qa.md).
if (import.meta.env.VITE_INSPECT === 'true') void import('./qa/mountQaPanel').then((qa) => qa.mountQaPanel())

// The service worker (scripts/vite/service-worker.ts): registered once the page runs, so that its
// precaching never competes with the first screen. Not in development, where there is none.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('service worker', error))
}

// A tab still running an earlier version may ask for a screen's chunk that a new deployment no
// longer serves (the service worker precaches only the everyday screens: docs/decisions.md). Vite
// reports such a failed lazy import as `vite:preloadError`; reloading once picks up the current
// version as a whole, never a mix. The time kept in session storage stops a reload loop when the
// chunk fails for another reason (no network: the worker then shows the offline page).
window.addEventListener('vite:preloadError', (event) => {
  const mark = 'portal.reloadedForChunk'
  if (Date.now() - Number(sessionStorage.getItem(mark) ?? 0) < 30_000) return
  sessionStorage.setItem(mark, String(Date.now()))
  event.preventDefault()
  location.reload()
})
