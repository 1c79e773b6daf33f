import { Link } from '@tanstack/react-router'
import { terms } from '../../../machines/messages'
import { buttonSecondary } from '../../ui/controls.css'
import { usePageTitle } from '../../ui/usePageTitle'
import * as css from '../public.css'

export function TermsPage() {
  usePageTitle(terms.title)
  return (
    <main className={css.page}>
      <div className={css.panel}>
        <h1>{terms.title}</h1>
        {terms.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <Link to="/" className={buttonSecondary}>
          {terms.back}
        </Link>
      </div>
    </main>
  )
}
