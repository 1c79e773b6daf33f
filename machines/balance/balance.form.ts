/** The balance form of spec §5 (balance account: required; REQ-VAL-40), with the exact message of the catalogue. */
import * as z from 'zod/mini'
import { validation as m } from '../messages.ts'
import { requiredText } from '../shared/fields.ts'

export const balanceForm = z.object({
  account: requiredText(m.balanceAccountRequired),
})

export type BalanceFormValues = z.input<typeof balanceForm>
