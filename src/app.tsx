import { RouterProvider } from '@tanstack/react-router'
import { createRoot, hydrateRoot } from 'react-dom/client'
import type { LoginOutput } from '../machines/login/login.types'
import { pageFileOf } from '../kernel/publicPages'
import { startInspector } from './inspect/inspector'
import { router } from './router'
import { SessionContext, startSession } from './session/session'

interface StartOptions {
  /** The sign-in page's own entry hands over a customer it just signed in (src/signIn.tsx). */
  signedIn?: LoginOutput
  /** The address to open instead of the page's own (a link of the sign-in page). */
  at?: string
  /**
   * The page's markup is another root's (the sign-in page's), which this removes just before the
   * app renders in its place: the app never hydrates it, and the page is never blank meanwhile.
   */
  replaces?: () => void
}

/**
 * The whole app (every route, under TanStack Router) in the page's root. Started by the one entry
 * (src/signIn.tsx): at once on every page but /login, and on the sign-in page once the customer
 * signs in or leaves it.
 */
export async function startApp({ signedIn, at, replaces }: StartOptions = {}): Promise<void> {
  await startInspector()
  if (at) router.history.push(at)
  // A customer handed over by the sign-in page starts the session through its `start` intent, as
  // the app's own login screen does: it is stored and goes to the start page (rulings §6.4).
  const session = startSession({ navigate: (href) => void router.navigate({ href, replace: true }), signedIn })

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
  if (!replaces && prerendered && pageFileOf(router.state.location.pathname) === pageFileOf(prerendered)) {
    // The router renders the tree of a server-rendered page (no Suspense of its own around the
    // routes) when it knows the page came from a server; its own SSR hydration would bring inline
    // scripts of router state, which the CSP forbids, and which a public page does not need.
    router.ssr = { manifest: undefined }
    hydrateRoot(root, app, { onRecoverableError: (error) => console.error('hydration', error) })
  } else {
    replaces?.()
    root.replaceChildren()
    createRoot(root).render(app)
  }

  // Inspector build only (VITE_INSPECT, replaced at build time): the offline QA panel, a chunk of
  // its own mounted in a root of its own, so that it survives navigation (docs/qa.md).
  if (import.meta.env.VITE_INSPECT === 'true') void import('./qa/mountQaPanel').then((qa) => qa.mountQaPanel())
}
