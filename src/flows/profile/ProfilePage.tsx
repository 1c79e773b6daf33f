import { Link, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { profile as texts, sessionList } from '../../../machines/messages'
import { profileMachine } from '../../../machines/profile/profile.machine'
import { profileScreen } from '../../../machines/profile/profile.screen'
import { useSessionScreen } from '../../session/useSessionScreen'
import { Banner, Spinner } from '../../ui/Feedback'
import { buttonSecondary, card, retryButton } from '../../ui/controls.css'
import { usePageTitle } from '../../ui/usePageTitle'
import { loadContact, usePhotoUrl } from './actors'
import * as css from './profile.css'
import { useFlow } from '../useFlow'

/** The default picture: a neutral avatar, named by the customer's name. */
function DefaultAvatar({ name }: { name: string }) {
  return (
    <svg className={css.photo} viewBox="0 0 96 96" role="img" aria-label={name}>
      <circle cx="48" cy="48" r="48" fill="#dfe4ea" />
      <circle cx="48" cy="38" r="17" fill="#8a94a3" />
      <path d="M16 82c5-17 18-25 32-25s27 8 32 25a48 48 0 0 1-64 0z" fill="#8a94a3" />
    </svg>
  )
}

function Photo({ photoId, name }: { photoId: string | null; name: string }) {
  const url = usePhotoUrl(photoId)
  return url ? <img className={css.photo} src={url} alt={name} /> : <DefaultAvatar name={name} />
}

/** spec §2 /app/profile: the photo, the name, the code, the contact data and the three links. */
export function ProfilePage() {
  usePageTitle(texts.title)
  const [{ user }] = useSessionScreen()
  // The photo update's message rides on the navigation state; it is read once, when the page opens.
  const arrivedWith = useRouterState({ select: (state) => state.location.state.profileMessage ?? null })
  const [message] = useState(arrivedWith)
  const [screen, send] = useFlow(profileMachine, {
    screen: profileScreen,
    actors: { loadContact },
    input: { name: user?.name ?? '', kcode: user?.kcode ?? '', message },
  })

  return (
    <>
      <h1>{texts.title}</h1>
      {screen.message && <Banner kind="success">{screen.message}</Banner>}
      <section className={card} aria-label={texts.title} aria-busy={screen.loading}>
        <div className={css.identity}>
          <Photo photoId={screen.contact?.photoId ?? null} name={screen.name} />
          <div>
            <p className={css.name}>{screen.name}</p>
            <p className={css.code}>{screen.codeLine}</p>
          </div>
        </div>
        <div aria-live="polite">
          {screen.loading && <Spinner />}
          {screen.error && (
            // The message is announced (alert) and stays a button for the click that tries again.
            <div role="alert">
              <button type="button" className={retryButton} onClick={() => send({ type: 'profile.retry' })}>
                {screen.error}
              </button>
            </div>
          )}
          {screen.contact && (
            <dl className={css.data}>
              <dt className={css.term}>{texts.emailLabel}</dt>
              <dd className={css.value}>{screen.contact.email}</dd>
              <dt className={css.term}>{texts.phoneLabel}</dt>
              <dd className={css.value}>{screen.contact.phone}</dd>
              <dt className={css.term}>{texts.addressLabel}</dt>
              <dd className={css.value}>{screen.contact.address}</dd>
            </dl>
          )}
        </div>
        <nav aria-label={texts.actionsLabel}>
          <ul className={css.links}>
            <li>
              <Link to="/app/update-picture" className={buttonSecondary}>
                {texts.editPhoto}
              </Link>
            </li>
            <li>
              <Link to="/app/update-contact" className={buttonSecondary}>
                {texts.editContact}
              </Link>
            </li>
            <li>
              <Link to="/app/update-password" className={buttonSecondary}>
                {texts.resetPassword}
              </Link>
            </li>
            <li>
              <Link to="/app/sessions" className={buttonSecondary}>
                {sessionList.profileLink}
              </Link>
            </li>
          </ul>
        </nav>
      </section>
    </>
  )
}
