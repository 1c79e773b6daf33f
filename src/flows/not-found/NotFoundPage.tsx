import { Link } from '@tanstack/react-router'
import { notFound } from '../../../machines/messages'
import { button } from '../../ui/ui.css'
import { usePageTitle } from '../../ui/usePageTitle'
import * as css from '../public.css'

/** rulings §2, REQ-ROUTE-04: an unknown route shows a French "page introuvable" screen with a link home. */
export function NotFoundPage() {
  return (
    <main className={css.page}>
      <NotFoundContent />
    </main>
  )
}

/** The same message inside the signed-in shell, which already has its own <main>. */
function NotFoundContent() {
  usePageTitle(notFound.title)
  return (
    <div className={css.panel}>
      <h1>{notFound.title}</h1>
      <p className={css.lead}>{notFound.text}</p>
      <Link to="/" className={button}>
        {notFound.home}
      </Link>
    </div>
  )
}
