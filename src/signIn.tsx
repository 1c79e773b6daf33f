/**
 * The sign-in page's own entry (the page /login, scripts/vite/public-pages.ts). A customer on a
 * slow phone network waits for every byte before the prerendered form answers a click, so this
 * page hydrates with React and the login machine only: the router and the rest of the app
 * (src/app.tsx) are fetched once the form is usable and the link idle, and take the page over once
 * the customer signs in or follows the link to another page (docs/decisions.md, "The sign-in
 * page's own entry" and "The first screen first"). The form is the same component as the app's
 * /login route.
 */
import './ui/theme.css'
import { hydrateRoot, type Root } from 'react-dom/client'
import { pageFileOf } from '../kernel/publicPages'
import { SignInPage, type OpenApp } from './flows/login/SignInPage'
import { startInspector } from './inspect/inspector'
import { afterFirstScreen, preparePage, registerServiceWorker, savesData } from './page'
import { sessionStore } from './api/sessionStore'

const loadApp = () => import('./app')

let signInRoot: Root | undefined
let opening: Promise<void> | undefined

/**
 * The whole app takes the page over: usually already here, fetched once the form was usable. Once
 * only: a second click on the link while the app loads changes nothing. Signed in, the service
 * worker follows (when the browser asks to save data, it was not registered before).
 */
function startApp(options: Parameters<OpenApp>[0] = {}): Promise<void> {
  const signInPage = signInRoot
  opening ??= loadApp()
    .then((app) =>
      // On the sign-in page the markup is its root's, not the app's: the app renders afresh in its
      // place. Any other public page's markup is the app's own, which it takes over in place
      // (hydration), keeping what the customer typed before the scripts came.
      app.startApp({ ...options, replaces: signInPage ? () => signInPage.unmount() : undefined }),
    )
    .then(() => void registerServiceWorker())
  return opening
}

let fetchingAhead = false

/**
 * The page came from the service worker (a repeat visit): the app's files are on the phone already,
 * so fetching them ahead saves no wait on the link, only the time to run them — and running the
 * app (the router, the shell, the machines) is a few long tasks on a slow phone's CPU that would
 * hold back the customer's click if it came meanwhile (a browser that fills the form in).
 */
const appIsLocal = () => navigator.serviceWorker?.controller != null

/**
 * The form is usable (hydrated). Once the first screen is done with the link (afterFirstScreen),
 * the app (the router, the shell and the dashboard) is fetched, then the service worker registers
 * and precaches the rest, smallest first (it finds the app's files in the HTTP cache): never both
 * at once, never before the form is usable. Nothing of it when the browser asks to save data: the
 * app is then fetched when the customer signs in. On a repeat visit (`appIsLocal`) the app runs
 * once the customer submits, while the sign-in request is on the link (`runAppWhileSigningIn`).
 */
function fetchAhead(): void {
  if (fetchingAhead || savesData()) return
  fetchingAhead = true
  if (appIsLocal()) {
    void registerServiceWorker()
    return
  }
  void afterFirstScreen()
    .then(loadApp)
    // A failed prefetch is not an error: `startApp` asks again, and fails there if it must.
    .catch(() => undefined)
    .then(registerServiceWorker)
}

/**
 * The customer submitted the form: the app runs now, in the next task, so that the sign-in request
 * leaves first and the app is ready when its answer comes (a round trip on a phone's link).
 */
function runAppWhileSigningIn(): void {
  setTimeout(() => void loadApp().catch(() => undefined), 0)
}

/**
 * The page starts here. No top-level `await` in an entry: it turns off the bundler's chunk
 * optimizations for the whole build (rolldown), which then ships a file of its runtime and a
 * re-exporting file per lazy group, each a request of its own (mobile data).
 */
async function start(): Promise<void> {
  preparePage()
  await startInspector()
  // A stored session (spec §2 /login: straight to the dashboard): the app opens the page itself.
  if (sessionStore.isSignedIn() || pageFileOf(location.pathname) !== 'login.html') {
    await startApp()
  } else {
    signInRoot = hydrateRoot(
      document.getElementById('root')!,
      <SignInPage openApp={(options) => void startApp(options)} onUsable={fetchAhead} onSubmitted={runAppWhileSigningIn} />,
      {
        onRecoverableError: (error) => console.error('hydration', error),
      },
    )
    // Inspector build only (VITE_INSPECT, replaced at build time): the QA panel (docs/qa.md).
    if (import.meta.env.VITE_INSPECT === 'true') void import('./qa/mountQaPanel').then((qa) => qa.mountQaPanel())
  }
}

void start()
