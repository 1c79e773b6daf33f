import { Link, type AsyncRouteComponent } from '@tanstack/react-router'
import type { ModuleCode } from '../../../machines/shared/customer'
import { access } from '../../../machines/messages'
import { isGranted } from '../../../machines/session/session.screen'
import { useSessionScreen } from '../../session/useSessionScreen'
import { button } from '../../ui/ui.css'
import { usePageTitle } from '../../ui/usePageTitle'
import * as css from './access.css'

/** rulings §6.3: a message inside the shell, and the way back to the dashboard (never the public landing). */
function InShellMessage({ title, text }: { title: string; text: string }) {
  usePageTitle(title)
  return (
    <section className={css.message}>
      <h1>{title}</h1>
      <p>{text}</p>
      <Link to="/app/dashboard" className={button}>
        {access.backToDashboard}
      </Link>
    </section>
  )
}

/** rulings §6.3: a service the customer was not granted, opened by its route. */
function NotGrantedContent() {
  return <InShellMessage title={access.notGrantedTitle} text={access.notGranted} />
}

/** rulings §6.3: an unknown route under /app, inside the shell. */
export function AppNotFoundContent() {
  return <InShellMessage title={access.notFoundTitle} text={access.notFound} />
}

/**
 * spec §6, rulings §6.3, REQ-ROUTE-05: the screen of a module exists only for a customer granted it; otherwise the
 * shell says so. Read from the session's screen, so the answer follows the signed-in customer.
 */
export function granted(code: ModuleCode, Screen: AsyncRouteComponent<unknown>): AsyncRouteComponent<unknown> {
  function ModuleScreen() {
    const [session] = useSessionScreen()
    const allowed = isGranted(session, code)
    return allowed ? <Screen /> : <NotGrantedContent />
  }
  ModuleScreen.displayName = `granted(${code})`
  // The router preloads a screen's chunk on intent: keep that for the lazy screen inside.
  ModuleScreen.preload = Screen.preload
  return ModuleScreen
}
