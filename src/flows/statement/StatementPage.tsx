import { useRef } from 'react'
import { statement as texts } from '../../../machines/messages'
import { statementMachine } from '../../../machines/statement/statement.machine'
import { statementScreen } from '../../../machines/statement/statement.screen'
import type { SaveFile, StatementField } from '../../../machines/statement/statement.types'
import { Banner, Spinner } from '../../ui/Feedback'
import { DateField } from '../../ui/DateField'
import { Select } from '../../ui/Field'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { buttonSecondary, card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import { AccountsMessage } from '../../ui/AccountsMessage'
import { usePageTitle } from '../../ui/usePageTitle'
import { downloadLink, loadStatement, saveFile } from './actors'
import * as css from './statement.css'
import { useFlow } from '../useFlow'
import { StatementResults } from './StatementResults'

const two = (n: number) => String(n).padStart(2, '0')
/** Today in the customer's own calendar, as the machine wants it (yyyy-mm-dd). */
const localToday = (d = new Date()) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`

/** spec §2 /app/statement: a period of one account, the table, and its PDF and csv files. */
export function StatementPage() {
  const [screen, send] = useFlow(statementMachine, {
    screen: statementScreen,
    actors: { loadStatement, downloadLink },
    actions: { saveFile: (_: unknown, file: SaveFile) => saveFile(file) },
    input: { today: localToday() },
    withAccounts: true,
  })
  usePageTitle(screen.title)
  const { values, errors } = screen
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, errors)
  const change = (field: StatementField) => (value: string) => send({ type: 'field.change', field, value })

  return (
    <>
      <h1>{screen.title}</h1>
      <section className={card} aria-label={screen.title}>
        <AccountsMessage message={screen.accountsMessage} onReload={() => send({ type: 'accounts.reload' })} />
        <form
          ref={form}
          noValidate
          aria-busy={screen.busy}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'statement.submit' })
          }}
        >
          <Select
            name="account"
            label={texts.labels.account}
            placeholder={texts.chooseAccount}
            value={values.account}
            error={errors.account}
            options={screen.accountOptions}
            onValueChange={change('account')}
          />
          <div className={css.dates}>
            <DateField name="startDate" label={texts.labels.startDate} value={values.startDate} error={errors.startDate} onValueChange={change('startDate')} />
            <DateField name="endDate" label={texts.labels.endDate} value={values.endDate} error={errors.endDate} onValueChange={change('endDate')} />
          </div>
          <button type="submit" className={button} aria-disabled={screen.busy}>
            {screen.busy && <Spinner label={texts.loading} />}
            {texts.submit}
          </button>
        </form>
      </section>

      <div aria-live="polite">
        {screen.error && <Banner kind="error">{screen.error}</Banner>}
        {screen.canDownload && (
          <div className={css.downloads}>
            <button type="button" className={buttonSecondary} onClick={() => send({ type: 'download.pdf' })} aria-disabled={screen.downloading}>
              {texts.downloadPdf}
            </button>
            <button type="button" className={buttonSecondary} onClick={() => send({ type: 'download.csv' })} aria-disabled={screen.downloading}>
              {texts.downloadCsv}
            </button>
            {screen.downloading && <Spinner label={texts.downloading} />}
          </div>
        )}
        {screen.downloadError && <Banner kind="error">{screen.downloadError}</Banner>}
        {screen.empty && !screen.search && <p>{screen.empty}</p>}
        {screen.lines && screen.shownAccount && (screen.search || !screen.empty) && (
          <StatementResults
            lines={screen.lines}
            summary={screen.summary}
            account={screen.shownAccount}
            search={screen.search}
            empty={screen.empty}
            onPage={(page) => send({ type: 'page.go', page })}
            onSearch={(value) => send({ type: 'search.change', value })}
          />
        )}
      </div>
    </>
  )
}
