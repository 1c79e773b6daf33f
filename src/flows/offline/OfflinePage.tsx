import { offline, shell } from '../../../machines/messages'
import { button } from '../../ui/ui.css'
import * as css from '../public.css'

/**
 * The page the service worker answers a page request with when there is no network: rendered to
 * static HTML at build time (src/prerender.tsx), no script. "Réessayer" asks for the same address
 * again, which the portal answers as soon as the network is back.
 */
export function OfflinePage() {
  return (
    <main className={css.page}>
      <p className={css.brand}>{shell.portalName}</p>
      <div className={css.panel}>
        <h1>{offline.title}</h1>
        <p className={css.lead}>{offline.text}</p>
        <div className={css.actions}>
          <a href="" className={button}>
            {offline.retry}
          </a>
        </div>
      </div>
    </main>
  )
}
