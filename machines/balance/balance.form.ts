/** The balance form of spec §5 (balance account: required; REQ-VAL-40), with the exact message of the catalogue. */
import { validation as m } from '../messages.ts'
import { requiredText } from '../shared/fields.ts'
import { plainForm } from '../shared/form.ts'

export interface BalanceFormValues {
  account: string
}

export const balanceForm = plainForm<BalanceFormValues>({
  account: requiredText(m.balanceAccountRequired),
})
