import './ui/theme.css'
import { RouterProvider } from '@tanstack/react-router'
import { setNonce } from 'get-nonce'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startInspector } from './inspect/inspector'
import { router } from './router'
import { SessionContext, startSession } from './session/session'

// The dialog's scroll lock adds a <style> element; the server's CSP admits it by this nonce.
setNonce(document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '')
await startInspector()
const session = startSession((to) => void router.navigate({ to, replace: true }))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionContext value={session}>
      <RouterProvider router={router} />
    </SessionContext>
  </StrictMode>,
)
