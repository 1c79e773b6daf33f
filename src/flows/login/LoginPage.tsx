import { Link } from '@tanstack/react-router'
import { loginMachine } from '../../../machines/login/login.machine'
import { loginScreen } from '../../../machines/login/login.screen'
import { login } from '../../../machines/messages'
import { authenticate } from '../../api/actors'
import { bankName } from '../../config'
import { useFlow } from '../useFlow'
import { LoginForm } from './LoginForm'

/**
 * The app's /login route: the sign-in screen when the app already runs (after a sign-out, an
 * expired session, a link of the landing page). A page that opens on /login runs the same form
 * from its own, lighter entry instead (src/signIn.tsx).
 */
export function LoginPage() {
  const [screen, send] = useFlow(loginMachine, { screen: loginScreen, actors: { authenticate }, input: { provider: bankName() } })
  return <LoginForm screen={screen} send={send} forgotPinLink={<Link to="/reinit-password">{login.forgotPin}</Link>} />
}
