import { createRoot } from 'react-dom/client'
import { currentInspection } from '../inspect/inspection'
import { QaPanel } from './QaPanel'

/**
 * Mounts the QA panel in a root of its own, after the app's: outside the router, it stays open
 * and keeps its memory while the screens change. Loaded by main.tsx in an inspector build only.
 */
export function mountQaPanel(): void {
  const inspection = currentInspection()
  if (!inspection) return
  const host = document.createElement('div')
  host.id = 'qa-root'
  document.body.append(host)
  createRoot(host).render(<QaPanel inspection={inspection} />)
}
