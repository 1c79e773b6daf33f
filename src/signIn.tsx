/**
 * The sign-in page's own entry (the page /login, scripts/vite/public-pages.ts). A customer on a
 * slow phone network waits for every byte before the prerendered form answers a click, so this
 * page hydrates with React and the login machine only: the router and the rest of the app
 * (src/app.tsx) are fetched while the customer types, and take the page over once the customer
 * signs in or follows the link to another page (docs/decisions.md, "The sign-in page's own
 * entry"). The form is the same component as the app's /login route.
 */
import './ui/theme.css'
import { hydrateRoot, type Root } from 'react-dom/client'
import { pageFileOf } from '../server/http/public-pages'
import { SignInPage, type OpenApp } from './flows/login/SignInPage'
import { startInspector } from './inspect/inspector'
import { preparePage, registerServiceWorker } from './page'
import { sessionStore } from './session/storage'

const loadApp = () => import('./app')

let signInRoot: Root | undefined
let opening: Promise<void> | undefined

/**
 * The whole app takes the page over: usually already here, fetched while the customer typed.
 * Once only: a second click on the link while the app loads changes nothing.
 */
function startApp(options: Parameters<OpenApp>[0] = {}): Promise<void> {
  opening ??= loadApp().then((app) =>
    // The page's markup is the sign-in page's, not the app's: the app renders afresh in its place.
    app.startApp({ ...options, replaces: () => signInRoot?.unmount() }),
  )
  return opening
}

/** The customer is starting on the form: the app, with the shell and the dashboard, is fetched meanwhile. */
function prefetchApp(): void {
  // A failed prefetch is not an error: `startApp` asks again, and fails there if it must.
  loadApp().catch(() => {})
}

preparePage()
await startInspector()
// A stored session (spec §2 /login: straight to the dashboard): the app opens the page itself.
if (sessionStore.isSignedIn() || pageFileOf(location.pathname) !== 'login.html') {
  await startApp()
} else {
  signInRoot = hydrateRoot(document.getElementById('root')!, <SignInPage openApp={(options) => void startApp(options)} onStart={prefetchApp} />, {
    onRecoverableError: (error) => console.error('hydration', error),
  })
  // Inspector build only (VITE_INSPECT, replaced at build time): the QA panel (docs/qa.md).
  if (import.meta.env.VITE_INSPECT === 'true') void import('./qa/mountQaPanel').then((qa) => qa.mountQaPanel())
}
registerServiceWorker()
