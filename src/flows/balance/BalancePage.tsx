import { balanceMachine } from '../../../machines/balance/balance.machine'
import { balanceScreen } from '../../../machines/balance/balance.screen'
import { balance as texts } from '../../../machines/messages'
import { Banner, Spinner } from '../../ui/Feedback'
import { Select } from '../../ui/Field'
import { TableScroller } from '../../ui/TableScroller'
import { card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import * as table from '../../ui/table.css'
import { AccountsMessage } from '../../ui/AccountsMessage'
import { usePageTitle } from '../../ui/usePageTitle'
import { useFlow } from '../useFlow'
import { loadBalance } from './actors'

/** spec §2 /app/balance: pick an account, show its balance. */
export function BalancePage() {
  const [screen, send] = useFlow(balanceMachine, { screen: balanceScreen, actors: { loadBalance }, withAccounts: true })
  usePageTitle(screen.title)

  return (
    <>
      <h1>{screen.title}</h1>
      <section className={card} aria-label={screen.title}>
        <AccountsMessage message={screen.accountsMessage} onReload={() => send({ type: 'accounts.reload' })} />
        <form
          noValidate
          aria-busy={screen.busy}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'balance.submit' })
          }}
        >
          <Select
            name="account"
            label={texts.accountLabel}
            placeholder={texts.chooseAccount}
            value={screen.values.account}
            error={screen.errors.account}
            options={screen.accountOptions}
            onValueChange={(value) => send({ type: 'field.change', field: 'account', value })}
          />
          <button type="submit" className={button} aria-disabled={screen.busy}>
            {screen.busy && <Spinner label={texts.loading} />}
            {texts.show}
          </button>
        </form>
      </section>
      <div aria-live="polite">
        {screen.error && <Banner kind="error">{screen.error}</Banner>}
        {screen.table && (
          <TableScroller label={texts.tableLabel}>
            <thead>
              <tr>
                <th scope="col" className={table.headWrapping}>
                  {texts.columns.compte}
                </th>
                <th scope="col" className={table.head}>
                  {texts.columns.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td className={table.breakable}>{screen.table.compte}</td>
                <td className={table.number}>{screen.table.amount}</td>
              </tr>
            </tbody>
          </TableScroller>
        )}
      </div>
    </>
  )
}
