import { Link } from '@tanstack/react-router'
import { landing, shell } from '../../../machines/messages'
import { button } from '../../ui/ui.css'
import { usePageTitle } from '../../ui/usePageTitle'
import * as css from '../public.css'

/** spec §1/§2: the landing page, a tagline meaning "Get the best" and the way to sign in. */
export function LandingPage() {
  usePageTitle(landing.tagline)
  return (
    <main className={css.page}>
      <p className={css.brand}>{shell.portalName}</p>
      <div className={css.panel}>
        <h1 className={css.tagline}>{landing.tagline}</h1>
        <p className={css.lead}>{landing.intro}</p>
        <div className={css.actions}>
          <Link to="/login" className={button}>
            {landing.cta}
          </Link>
        </div>
      </div>
    </main>
  )
}
