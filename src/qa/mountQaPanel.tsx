import { createRoot } from 'react-dom/client'
import { currentInspection } from '../inspect/inspection'
import { QaPanel } from './QaPanel'

/**
 * Mounts the QA panel in a root of its own, after the app's: outside the router, it stays open
 * and keeps its memory while the screens change, and when the app takes the sign-in page over.
 * Loaded by src/app.tsx and src/signIn.tsx in an inspector build only; mounted once.
 */
export function mountQaPanel(): void {
  const inspection = currentInspection()
  if (!inspection || document.getElementById('qa-root')) return
  const host = document.createElement('div')
  host.id = 'qa-root'
  document.body.append(host)
  createRoot(host).render(<QaPanel inspection={inspection} />)
}
