import { Link, Outlet } from '@tanstack/react-router'
import { Bell, Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { myTransfers, session as sessionTexts, shell, topBar } from '../../../machines/messages'
import { noPrint, printFull } from '../../ui/print.css'
import { visuallyHidden } from '../../ui/ui.css'
import { useSessionScreen } from '../../session/useSessionScreen'
import { PinChangeGate } from '../temporaryPin/PinChangeGate'
import { prefetchOverlays, useOverlays } from '../useOverlays'
import * as css from './shell.css'
import { useClock } from './useClock'
import { bankZoneName, formatBankClock } from '../../ui/bankTime'

/** spec §2 shell: sidebar (name, kcode, clock, notification counter, menu, logout), top bar, footer. */
export function Shell() {
  const [session, intents] = useSessionScreen()
  const { user, notificationSize: unread } = session
  const [menuOpen, setMenuOpen] = useState(false)
  const now = useClock()
  const closeMenu = () => setMenuOpen(false)
  // The dialogs (Radix Dialog) are in the lazy overlays chunk: fetched once the page is usable (its
  // accounts here: the chunk never competes with them on a slow link), or the moment one opens.
  const overlays = useOverlays(session.logout.open || session.warning.open)
  const usable = session.accountsState !== 'loading'
  useEffect(() => {
    if (usable) prefetchOverlays()
  }, [usable])

  return (
    <div className={css.layout}>
      <a href="#contenu" className={`${css.skipLink} ${noPrint}`}>
        {shell.skipToContent}
      </a>
      {/* On a phone the top bar says who is signed in and how many notifications wait, outside the
          menu; from 900 px the sidebar shows them and the top bar keeps the portal's name. */}
      <header className={`${css.topbar} ${noPrint}`}>
        <button
          type="button"
          className={css.menuToggle}
          aria-label={shell.openMenu}
          aria-expanded={menuOpen}
          aria-controls="menu-lateral"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" size={24} /> : <Menu aria-hidden="true" size={24} />}
        </button>
        <span className={css.portalName}>{shell.portalName}</span>
        {user && (
          <span className={css.topUser}>
            <span className={visuallyHidden}>{topBar.signedInAs}</span>
            {user.name}
          </span>
        )}
        <Link
          to="/app/notification"
          className={css.topCounter}
          aria-label={unread === null ? shell.notifications : `${shell.notifications} : ${shell.unreadNotifications(unread)}`}
          onClick={closeMenu}
        >
          <Bell aria-hidden="true" size={22} />
          {unread !== null && (
            <span className={css.badge} aria-hidden="true">
              {unread}
            </span>
          )}
        </Link>
      </header>

      <aside id="menu-lateral" className={`${css.sidebar} ${noPrint}`} data-open={menuOpen}>
        <div className={css.identity}>
          <span className={css.userName}>{user?.name}</span>
          <span>
            {shell.kcodePrefix}
            {user?.kcode}
          </span>
          <time className={css.clock} dateTime={now.toISOString()} aria-label={shell.clockLabel}>
            {formatBankClock(now)}
          </time>
          <span className={css.zone}>{bankZoneName()}</span>
          <Link to="/app/notification" className={css.counter} onClick={closeMenu}>
            {shell.notifications}
            {unread !== null && (
              <span className={css.badge} aria-label={shell.unreadNotifications(unread)}>
                {unread}
              </span>
            )}
          </Link>
        </div>
        <nav aria-label={shell.menuLabel}>
          <ul className={css.menu}>
            <li>
              <Link to="/app/dashboard" className={css.menuLink} onClick={closeMenu}>
                {shell.dashboard}
              </Link>
            </li>
            {session.tiles.map(({ code, route, name }) => (
              <li key={code}>
                <Link to={route} className={css.menuLink} onClick={closeMenu}>
                  {name}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/app/transfers" className={css.menuLink} onClick={closeMenu}>
                {myTransfers.title}
              </Link>
            </li>
            <li>
              <Link to="/app/profile" className={css.menuLink} onClick={closeMenu}>
                {shell.profile}
              </Link>
            </li>
          </ul>
        </nav>
        <button type="button" className={css.logout} onClick={intents.openLogout}>
          {sessionTexts.logoutButton}
        </button>
      </aside>

      <main id="contenu" className={`${css.main} ${printFull}`} tabIndex={-1}>
        <PinChangeGate>
          <Outlet />
        </PinChangeGate>
      </main>

      <footer className={`${css.footer} ${noPrint}`}>
        <Link to="/conditions">{shell.terms}</Link>
        <span>
          © {now.getFullYear()} {shell.portalName} — {shell.footer}
        </span>
      </footer>

      {overlays && <overlays.LogoutDialog />}
      {overlays && <overlays.SessionWarningDialog />}
    </div>
  )
}
