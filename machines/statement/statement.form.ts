/**
 * The statement form of spec §5 (account, start date, end date; REQ-VAL-41), with the exact messages of the
 * catalogue. Each field lists its checks in the order the spec quotes them: the first failing check
 * gives the message shown under the field; a blank value fails "required" first.
 */
import * as z from 'zod/mini'
import { validation as m } from '../messages.ts'
import { requiredText } from '../shared/fields.ts'

/** spec §9: date format yyyy-mm-dd; a real calendar date (no 2024-02-30). The view shows and reads
 * jj/mm/aaaa (src/ui/dateText.ts) and hands this form yyyy-mm-dd, or the text as typed when it is no date. */
const isoDate = (required: string) => requiredText(required).check(z.iso.date({ message: m.dateFormat }))
const isCalendarDate = (value: string) => z.iso.date().safeParse(value).success

export const statementForm = z
  .object({
    account: requiredText(m.statementAccountRequired),
    startDate: isoDate(m.startDateRequired),
    endDate: isoDate(m.endDateRequired),
  })
  .check(
    z.refine((v) => !(isCalendarDate(v.startDate) && isCalendarDate(v.endDate)) || v.startDate <= v.endDate, { message: m.startAfterEnd, path: ['startDate'] }),
  )
export type StatementFormValues = z.input<typeof statementForm>
