import './ui/theme.css'
import { RouterProvider } from '@tanstack/react-router'
import { setNonce } from 'get-nonce'
import { createRoot } from 'react-dom/client'
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
createRoot(document.getElementById('root')!).render(
  <SessionContext value={session}>
    <RouterProvider router={router} />
  </SessionContext>,
)

// Inspector build only (VITE_INSPECT, replaced at build time): the offline QA panel, a chunk of its
// own mounted in a root of its own, so that it survives navigation (docs/qa.md).
if (import.meta.env.VITE_INSPECT === 'true') void import('./qa/mountQaPanel').then((qa) => qa.mountQaPanel())
