import { offline, shell } from '../../../machines/messages'
import { button } from '../../ui/ui.css'
import * as css from '../public.css'

/**
 * The page the service worker answers a page request with when there is no network: rendered to
 * static HTML at build time (src/prerender.tsx), no script. "Réessayer" is a form without action:
 * it asks for the same address again (without script), which the portal answers once the network
 * is back.
 */
export function OfflinePage() {
  return (
    <main className={css.page}>
      <p className={css.brand}>{shell.portalName}</p>
      <div className={css.panel}>
        <h1>{offline.title}</h1>
        <p className={css.lead}>{offline.text}</p>
        <form method="get" className={css.actions}>
          <button type="submit" className={button}>
            {offline.retry}
          </button>
        </form>
      </div>
    </main>
  )
}
