/**
 * The statement form of spec §5 (account, start date, end date; REQ-VAL-41), with the exact messages of the
 * catalogue. Each field lists its checks in the order the spec quotes them: the first failing check
 * gives the message shown under the field; a blank value fails "required" first.
 */
import { validation as m } from '../messages.ts'
import { ISO_DATE, matches, requiredText } from '../shared/fields.ts'
import { plainForm } from '../shared/form.ts'

/** spec §9: date format yyyy-mm-dd; a real calendar date (no 2024-02-30). The view shows and reads
 * jj/mm/aaaa (src/ui/dateText.ts) and hands this form yyyy-mm-dd, or the text as typed when it is no date. */
const isoDate = (required: string) => requiredText(required, matches(ISO_DATE, m.dateFormat))

export interface StatementFormValues {
  account: string
  startDate: string
  endDate: string
}

export const statementForm = plainForm<StatementFormValues>(
  {
    account: requiredText(m.statementAccountRequired),
    startDate: isoDate(m.startDateRequired),
    endDate: isoDate(m.endDateRequired),
  },
  // Two calendar dates the wrong way round: said under the start date.
  [(v) => (ISO_DATE.test(v.startDate) && ISO_DATE.test(v.endDate) && v.startDate > v.endDate ? { path: ['startDate'], message: m.startAfterEnd } : undefined)],
)
