/**
 * The lines of a statement as the server reads them from the ledger: the period they fall in, the
 * contract's line (`StatementLine`), the row read (`LineRow`), its columns and tables in SQL
 * (`LINE_COLUMNS`, `LINES_FROM`) and the line of a row (`lineOf`). Shared by the statement
 * (statements.ts: the screen's pages, the JSON, the files) and its search (statement-search.ts), so
 * that neither imports the other's reading of a line: statements.ts imports the search, the search
 * imports only this module, and no import circle remains.
 */

/** The instants of a period of days in the time zone: [from, to). */
export interface Period {
  from: Date
  to: Date
}

/** One line of a statement, as the contract's Transaction (amounts: exact decimals, 2 decimals). */
export interface StatementLine {
  num_transaction: string
  date_operation: string
  num: string
  description: string
  debit: string
  credit: string
  solde: string
}

/** A line as read: the contract's fields, and what the keyset and the CSV need. */
export type LineRow = {
  num_transaction: string
  date_operation: string
  num: string
  description: string
  debit: string
  credit: string
  solde: string
  id: string
  /** booked_at at full precision (microseconds), for the keyset */
  at_text: string
  /** booked_at in the bank's time zone, `dd/mm/yyyy hh:mm:ss` (the CSV) */
  local_at: string
}

/**
 * The columns of a line. Amounts come as the text of numeric(18, 2) (always 2 decimals, exact):
 * `debit` and `credit` are the amount on its side and '' on the other, `solde` the running balance.
 */
export const LINE_COLUMNS = `e.id::text as id, e.booked_at::text as at_text, t.reference as num_transaction,
       to_char(e.booked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date_operation,
       to_char(e.booked_at at time zone $4, 'DD/MM/YYYY HH24:MI:SS') as local_at,
       coalesce(e.description, t.description) as description,
       case when e.amount < 0 then (-e.amount)::text else '' end as debit,
       case when e.amount > 0 then e.amount::text else '' end as credit,
       e.balance_after::text as solde`
export const LINES_FROM = 'from ledger_entries e join ledger_transactions t on t.id = e.transaction_id'

/** The contract's seven fields of a line read, in the contract's order. */
export function lineOf(row: LineRow): StatementLine {
  return {
    num_transaction: row.num_transaction,
    date_operation: row.date_operation,
    num: row.num,
    description: row.description,
    debit: row.debit,
    credit: row.credit,
    solde: row.solde,
  }
}
