import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ArrowLeftRight, CreditCard, FileText, Smartphone, Wallet, type LucideIcon } from 'lucide-react'
import type { ModuleCode } from '../../../machines/shared/customer'
import { currencyLabel, formatAmount } from '../../../machines/amounts'
import { dashboard, dashboardAccounts as texts, myTransfers } from '../../../machines/messages'
import { useSessionScreen } from '../../session/useSessionScreen'
import { AccountsMessage } from '../../ui/AccountsMessage'
import { Spinner } from '../../ui/Feedback'
import { usePageTitle } from '../../ui/usePageTitle'
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
  const [session, intents] = useSessionScreen()
  // After a transfer the list's balances are old: they are read again now, and none is shown meanwhile.
  useEffect(() => intents.wantAccounts(), [intents])
  return (
    <>
      <h1>{dashboard.title}</h1>
      <section aria-labelledby="mes-comptes" className={css.section}>
        <h2 id="mes-comptes">{texts.heading}</h2>
        {session.accountsState === 'message' ? (
          <AccountsMessage message={session.accountsMessage} onReload={intents.reloadAccounts} />
        ) : session.accountsState === 'loading' ? (
          <Spinner label={texts.loading} />
        ) : (
          <ul className={css.accounts}>
            {session.accounts.map((account) => (
              <li key={account.compte} className={css.account} data-account={account.compte}>
                <span className={css.accountCurrency}>{currencyLabel(account.currency)}</span>
                <span className={css.accountNumber}>
                  <span className={css.label}>{texts.accountNumber} </span>
                  {account.compte}
                </span>
                {session.seesBalances && account.balance !== undefined && (
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
        {session.tiles.length === 0 ? (
          <p>{dashboard.noModule}</p>
        ) : (
          <ul className={css.tiles}>
            {session.tiles.map(({ code, route, name }) => {
              const Icon = moduleIcons[code]
              return (
                <li key={code}>
                  <Link to={route} className={css.tile} data-module={code}>
                    <Icon aria-hidden="true" className={css.tileIcon} size={28} />
                    {name}
                  </Link>
                </li>
              )
            })}
          </ul>
        )}
        {/* rulings §9.1: every transfer of the customer, whatever her modules. */}
        <p>
          <Link to="/app/transfers">{myTransfers.dashboardLink}</Link>
        </p>
      </section>
    </>
  )
}
