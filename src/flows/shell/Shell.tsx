import { Link, Outlet } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { moduleNames, session as sessionTexts, shell } from '../../../machines/messages'
import { useSession } from '../../session/session'
import { LogoutDialog } from './LogoutDialog'
import { SessionWarningDialog } from './SessionWarningDialog'
import { moduleOrder, moduleRoutes } from './modules'
import * as css from './shell.css'
import { formatClock, useClock } from './useClock'

/** spec §2 shell: sidebar (name, kcode, clock, notification counter, menu, logout), top bar, footer. */
export function Shell() {
  const session = useSession()
  const user = useSelector(session, (s) => s.context.user)
  const unread = useSelector(session, (s) => s.context.notificationSize)
  const [menuOpen, setMenuOpen] = useState(false)
  const now = useClock()
  const granted = moduleOrder.filter((code) => user?.modules.includes(code))
  const closeMenu = () => setMenuOpen(false)

  return (
    <div className={css.layout}>
      <a href="#contenu" className={css.skipLink}>
        {shell.skipToContent}
      </a>
      <header className={css.topbar}>
        <button
          type="button"
          className={css.menuToggle}
          aria-expanded={menuOpen}
          aria-controls="menu-lateral"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? shell.closeMenu : shell.openMenu}
        </button>
        <span className={css.portalName}>{shell.portalName}</span>
      </header>

      <aside id="menu-lateral" className={css.sidebar} data-open={menuOpen}>
        <div className={css.identity}>
          <span className={css.userName}>{user?.name}</span>
          <span>
            {shell.kcodePrefix}
            {user?.kcode}
          </span>
          <time className={css.clock} dateTime={now.toISOString()} aria-label={shell.clockLabel}>
            {formatClock(now)}
          </time>
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
            {granted.map((code) => (
              <li key={code}>
                <Link to={moduleRoutes[code]} className={css.menuLink} onClick={closeMenu}>
                  {moduleNames[code]}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/app/profile" className={css.menuLink} onClick={closeMenu}>
                {shell.profile}
              </Link>
            </li>
          </ul>
        </nav>
        <button type="button" className={css.logout} onClick={() => session.send({ type: 'logout.open' })}>
          {sessionTexts.logoutButton}
        </button>
      </aside>

      <main id="contenu" className={css.main} tabIndex={-1}>
        <Outlet />
      </main>

      <footer className={css.footer}>
        <Link to="/conditions">{shell.terms}</Link>
        <span>
          © {now.getFullYear()} {shell.portalName} — {shell.footer}
        </span>
      </footer>

      <LogoutDialog />
      <SessionWarningDialog />
    </div>
  )
}
