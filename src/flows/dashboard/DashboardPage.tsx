import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { dashboard, moduleNames } from '../../../machines/messages'
import { useSession } from '../../session/session'
import { usePageTitle } from '../../ui/usePageTitle'
import { moduleOrder, moduleRoutes } from '../shell/modules'
import * as css from './dashboard.css'

/** spec §2 /app/dashboard: one tile per module granted at login. */
export function DashboardPage() {
  usePageTitle(dashboard.title)
  const modules = useSelector(useSession(), (s) => s.context.user?.modules ?? [])
  const granted = moduleOrder.filter((code) => modules.includes(code))
  return (
    <>
      <h1>{dashboard.title}</h1>
      {granted.length === 0 ? (
        <p>{dashboard.noModule}</p>
      ) : (
        <ul className={css.tiles}>
          {granted.map((code) => (
            <li key={code}>
              <Link to={moduleRoutes[code]} className={css.tile} data-module={code}>
                {moduleNames[code]}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
