import { useEffect, type MouseEvent } from 'react'
import { loginMachine } from '../../../machines/login/login.machine'
import { loginScreen } from '../../../machines/login/login.screen'
import type { LoginOutput } from '../../../machines/login/login.types'
import { login } from '../../../machines/messages/core'
import { authenticate } from '../../api/actors'
import { bankName } from '../../config'
import { usePageFlow } from '../usePageFlow'
import { LoginForm } from './LoginForm'

/** How the page hands over to the whole app: with the customer just signed in, or at an address. */
export type OpenApp = (options: { signedIn?: LoginOutput; at?: string }) => void

interface SignInPageProps {
  openApp: OpenApp
  /** The form is usable (hydrated): what comes after it may be fetched once the link is idle. */
  onUsable: () => void
  /** The customer submitted the form (its sign-in request, when valid, is on its way). */
  onSubmitted?: () => void
}

/**
 * The page /login when it is where the visit starts (src/signIn.tsx): the sign-in form over the
 * login machine, without the router. Prerendered as it is (src/prerender.tsx), so that its markup
 * hydrates exactly (the fields' ids follow the component tree).
 */
export function SignInPage({ openApp, onUsable, onSubmitted }: SignInPageProps) {
  const [screen, send] = usePageFlow(loginMachine, {
    screen: loginScreen,
    actors: { authenticate },
    // Signing in hands the customer to the app's session, which opens the start page.
    actions: { startSession: (_: unknown, signedIn: LoginOutput) => openApp({ signedIn }) },
    input: { provider: bankName() },
  })
  // Effects run once the page is hydrated, its submit button enabled (LoginForm's useHydrated).
  useEffect(() => onUsable(), [onUsable])
  /** The forgotten-PIN link opens its page in the app, as the router's link would (no page load). */
  const openInApp = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle click) is the browser's own business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    openApp({ at: event.currentTarget.pathname })
  }
  const forgotPinLink = (
    <a href="/reinit-password" onClick={openInApp}>
      {login.forgotPin}
    </a>
  )
  const sendAndTell: typeof send = (event) => {
    send(event)
    if (event.type === 'login.submit') onSubmitted?.()
  }
  return <LoginForm screen={screen} send={sendAndTell} forgotPinLink={forgotPinLink} />
}
