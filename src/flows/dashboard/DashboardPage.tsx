import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { ArrowLeftRight, CreditCard, FileText, Smartphone, Wallet, type LucideIcon } from 'lucide-react'
import { sessionScreen } from '../../../machines/session/session.screen'
import type { ModuleCode } from '../../../machines/shared/customer'
import { currencyLabel, formatAmount } from '../../../machines/amounts'
import { dashboard, dashboardAccounts as texts, moduleNames } from '../../../machines/messages'
import { useSession } from '../../session/session'
import { AccountsMessage } from '../../ui/AccountsMessage'
import { Spinner } from '../../ui/Feedback'
import { usePageTitle } from '../../ui/usePageTitle'
import { moduleOrder, moduleRoutes } from '../shell/modules'
import * as css from './dashboard.css'

/** One icon per service (spec §1), beside its name: the tiles read at a glance. */
const moduleIcons: Record<ModuleCode, LucideIcon> = {
  solde: Wallet,
  statement: FileText,
  transfert: ArrowLeftRight,
  'mobile-money': Smartphone,
  'card-visa': CreditCard,
}

/**
 * spec §2 /app/dashboard: the customer's accounts — with their balances when the customer has the
 * balance service — and one tile per module granted at login.
 */
export function DashboardPage() {
  usePageTitle(dashboard.title)
  const session = useSession()
  const modules = useSelector(session, (s) => s.context.user?.modules ?? [])
  const accounts = useSelector(session, (s) => s.context.accounts)
  // spec §8: accounts not loaded or empty — the session's screen says when and what to show.
  const accountsMessage = useSelector(session, (s) => sessionScreen(s).accountsMessage)
  const loading = useSelector(session, (s) => sessionScreen(s).accountsLoading)
  // After a transfer the list's balances are old: they are read again now, and none is shown meanwhile.
  const stale = useSelector(session, (s) => sessionScreen(s).balancesStale)
  useEffect(() => session.send({ type: 'accounts.wanted' }), [session])
  const granted = moduleOrder.filter((code) => modules.includes(code))
  const seesBalances = modules.includes('solde')
  return (
    <>
      <h1>{dashboard.title}</h1>
      <section aria-labelledby="mes-comptes" className={css.section}>
        <h2 id="mes-comptes">{texts.heading}</h2>
        {accountsMessage ? (
          <AccountsMessage message={accountsMessage} onReload={() => session.send({ type: 'accounts.reload' })} />
        ) : (accounts.length === 0 && loading) || stale ? (
          <Spinner label={texts.loading} />
        ) : (
          <ul className={css.accounts}>
            {accounts.map((account) => (
              <li key={account.compte} className={css.account} data-account={account.compte}>
                <span className={css.accountCurrency}>{currencyLabel(account.currency)}</span>
                <span className={css.accountNumber}>
                  <span className={css.label}>{texts.accountNumber} </span>
                  {account.compte}
                </span>
                {seesBalances && account.balance !== undefined && (
                  <span className={css.accountBalance}>
                    <span className={css.label}>{texts.balance} </span>
                    {formatAmount(account.balance, account.currency)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="mes-services" className={css.section}>
        <h2 id="mes-services">{texts.servicesHeading}</h2>
        {granted.length === 0 ? (
          <p>{dashboard.noModule}</p>
        ) : (
          <ul className={css.tiles}>
            {granted.map((code) => {
              const Icon = moduleIcons[code]
              return (
                <li key={code}>
                  <Link to={moduleRoutes[code]} className={css.tile} data-module={code}>
                    <Icon aria-hidden="true" className={css.tileIcon} size={28} />
                    {moduleNames[code]}
                  </Link>
                </li>
              )
            })}
          </ul>
        )}
      </section>
    </>
  )
}
