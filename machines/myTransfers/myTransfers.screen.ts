/** What the My transfers screen shows, from a snapshot: the view reads only this and sends events. */
import type { SnapshotFrom } from 'xstate'
import { formatAmount } from '../amounts.ts'
import { myTransfers as texts, transfer as transferTexts } from '../messages.ts'
import { TRANSFER_KINDS, type TransferKind } from '../../openapi/transfer-kinds.ts'
import { FIELD_INPUTS, type FieldInput } from '../shared/inputs.ts'
import { codeErrorBanner } from '../transfer/transfer.screen.ts'
import type { myTransfersMachine } from './myTransfers.machine.ts'
import { amountOf, payeeOf, TRANSFER_STATES } from './myTransfers.rules.ts'
import type { FilterField, MyTransfer, MyTransfersContext, Notice, TransferState } from './myTransfers.types.ts'

/** A transfer of the list, as the customer reads it. */
export interface MyTransferItem {
  reference: string
  kind: TransferKind
  /** "Vers mobile"… */
  kindLabel: string
  /** The holder's name with the number when the bank knows it, else the payee as the ask named it. */
  payee: string
  /** The amount sent, formatted (rulings §1). */
  amount: string
  /** The amount debited, when the bank converted it; `null` otherwise. */
  debited: string | null
  state: TransferState
  /** rulings §9.1: "En attente de code", "Exécuté", "Annulé", "Expiré". */
  stateLabel: string
  /** Why a cancelled transfer was cancelled; `null` otherwise. */
  reason: string | null
  description: string
  /** When it was asked (ISO 8601): the view shows it in the bank's zone. */
  createdAt: string
  /** rulings §9.1: "Télécharger le reçu" (executed). */
  canDownload: boolean
  /** rulings §9.1: "Saisir le code" and "Annuler le transfert" (pending). */
  canComplete: boolean
  /** This transfer's receipt is downloading: the spinner on its button. */
  downloading: boolean
}

export interface FilterOption {
  value: string
  label: string
}

export interface FilterScreen {
  field: FilterField
  label: string
  /** '' for every state or kind. */
  value: string
  /** The first choice, value '': "Tous les états", "Tous les types". */
  everyLabel: string
  options: FilterOption[]
}

/** The code form of a pending transfer (the transfer screens' texts and rules). */
export interface MyTransferCodeScreen {
  title: string
  /** "Transfert de {amount} vers {payee}". */
  summary: string
  debitLine: string | null
  /** When the code expires (ISO 8601): the view counts down to it. */
  expiresAt: string
  label: string
  hint: string
  token: string
  tokenError: string | null
  /** The field's limit, keyboard and autofill (machines/shared/inputs.ts): the view spreads them. */
  input: FieldInput
  /** The refused code's banner with the tries left, `null` when none. */
  banner: string | null
  /** The banner is the refusal of the code typed: the field is marked invalid and described by it. */
  bannerOnField: boolean
  /** rulings §4: the code's time is over: the field and "Confirmer" are disabled. */
  expired: boolean
  busy: boolean
}

/** The end of a transfer completed from the list. */
export interface MyTransferOutcome {
  title: string
  kind: 'success' | 'error' | 'warning'
  message: string
  reference: string
  /** The state as the portal knows it now ("Exécuté", "Résultat inconnu"); `null` when the description says it. */
  stateLabel: string | null
  canDownload: boolean
  downloading: boolean
}

/** The confirmation of a cancellation. */
export interface CancelDialogScreen {
  title: string
  question: string
  busy: boolean
}

export interface MyTransfersScreen {
  title: string
  /** Which part shows: the list, the code form, or the end of a transfer completed from the list. */
  step: 'list' | 'code' | 'outcome'
  /** The page is being read (spinner). */
  busy: boolean
  filters: FilterScreen[]
  /** The page's transfers (`[]` while loading and on failure). */
  items: MyTransferItem[]
  /** No transfer on the page shown: with filters or without; `null` otherwise. */
  empty: string | null
  /** The load failure with its retry button, `null` when none. */
  loadError: string | null
  /** What the last action gave (cancelled, a download that failed…). */
  notice: Notice | null
  /** The keyset pager; `null` while loading, on failure, and when the list has one page. */
  pager: { label: string; prevEnabled: boolean; nextEnabled: boolean } | null
  cancelDialog: CancelDialogScreen | null
  code: MyTransferCodeScreen | null
  outcome: MyTransferOutcome | null
}

const converted = (t: MyTransfer): string | null => (t.currency !== t.currencySent ? formatAmount(t.debitAmount, t.currency) : null)

/** The reason under "Annulé" (an expired one says it already). */
const reasonOf = (t: MyTransfer): string | null => (t.state === 'cancelled' && t.cancelReason ? (texts.cancelReasons[t.cancelReason] ?? null) : null)

function itemOf(t: MyTransfer, downloadingRef: string | null): MyTransferItem {
  return {
    reference: t.reference,
    kind: t.kind,
    kindLabel: texts.kinds[t.kind] ?? t.kind,
    payee: payeeOf(t),
    amount: amountOf(t),
    debited: converted(t),
    state: t.state,
    stateLabel: texts.states[t.state] ?? t.state,
    reason: reasonOf(t),
    description: t.description,
    createdAt: t.createdAt,
    canDownload: t.state === 'executed',
    canComplete: t.state === 'pending',
    downloading: downloadingRef === t.reference,
  }
}

function filtersOf({ filters }: Pick<MyTransfersContext, 'filters'>): FilterScreen[] {
  return [
    {
      field: 'state',
      label: texts.stateFilter,
      value: filters.state,
      everyLabel: texts.allStates,
      options: TRANSFER_STATES.map((s) => ({ value: s, label: texts.states[s] })),
    },
    {
      field: 'kind',
      label: texts.kindFilter,
      value: filters.kind,
      everyLabel: texts.allKinds,
      options: TRANSFER_KINDS.map((k) => ({ value: k, label: texts.kinds[k] })),
    },
  ]
}

function codeOf(c: MyTransfersContext, t: MyTransfer, expired: boolean, busy: boolean): MyTransferCodeScreen {
  const banner = codeErrorBanner({ error: c.codeError, triesLeft: c.triesLeft })
  const debited = converted(t)
  return {
    title: transferTexts.codeTitle,
    summary: transferTexts.codeFor(amountOf(t), payeeOf(t)),
    debitLine: debited ? transferTexts.debitAmount(debited) : null,
    expiresAt: t.expiresAt,
    label: transferTexts.codeLabel,
    hint: transferTexts.codeHint,
    token: c.token,
    tokenError: c.tokenError,
    input: FIELD_INPUTS.confirmationCode,
    banner,
    bannerOnField: banner !== null && c.codeRefused && !expired,
    expired,
    busy,
  }
}

type Snapshot = SnapshotFrom<typeof myTransfersMachine>

function outcomeOf(snapshot: Snapshot, c: MyTransfersContext, t: MyTransfer): MyTransferOutcome | null {
  if (snapshot.matches({ code: 'done' })) {
    return {
      title: transferTexts.doneTitle,
      kind: 'success',
      message: c.doneMessage ?? transferTexts.success,
      reference: t.reference,
      stateLabel: texts.states.executed,
      canDownload: true,
      downloading: snapshot.matches({ code: { done: 'downloading' } }),
    }
  }
  if (snapshot.matches({ code: 'over' })) {
    return {
      title: transferTexts.codeTitle,
      kind: 'error',
      message: c.codeError ?? transferTexts.failed,
      reference: t.reference,
      stateLabel: null,
      canDownload: false,
      downloading: false,
    }
  }
  if (snapshot.matches({ code: 'unknown' })) {
    return {
      title: texts.states.unknown,
      kind: 'warning',
      message: texts.resultUnknown,
      reference: t.reference,
      stateLabel: texts.states.unknown,
      canDownload: false,
      downloading: false,
    }
  }
  return null
}

/** The screen of a snapshot of `myTransfersMachine`. */
export function myTransfersScreen(snapshot: Snapshot): MyTransfersScreen {
  const c = snapshot.context
  const shown = snapshot.matches('shown')
  const inCode = snapshot.matches('code') && c.selected !== null
  const outcome = inCode ? outcomeOf(snapshot, c, c.selected!) : null
  const codeForm = inCode && outcome === null ? codeOf(c, c.selected!, snapshot.matches({ code: 'expired' }), snapshot.matches({ code: 'confirming' })) : null
  const downloadingRef = snapshot.matches({ shown: 'downloading' }) ? (c.selected?.reference ?? null) : null
  const filtered = c.filters.state !== '' || c.filters.kind !== ''
  const pageNumber = c.cursors.length
  const cancelling = snapshot.matches({ shown: 'cancelling' })
  return {
    title: texts.title,
    step: outcome ? 'outcome' : codeForm ? 'code' : 'list',
    busy: snapshot.matches('loading'),
    filters: filtersOf(c),
    items: shown ? c.transfers.map((t) => itemOf(t, downloadingRef)) : [],
    empty: shown && c.transfers.length === 0 ? (filtered ? texts.emptyFiltered : texts.empty) : null,
    loadError: snapshot.matches('failed') ? c.loadError : null,
    notice: c.notice,
    pager:
      shown && (pageNumber > 1 || c.nextCursor !== null)
        ? { label: texts.page(pageNumber), prevEnabled: pageNumber > 1, nextEnabled: c.nextCursor !== null }
        : null,
    cancelDialog:
      (snapshot.matches({ shown: 'confirmingCancel' }) || cancelling) && c.selected
        ? { title: texts.cancelTitle, question: texts.cancelQuestion(amountOf(c.selected), payeeOf(c.selected)), busy: cancelling }
        : null,
    code: codeForm,
    outcome,
  }
}
