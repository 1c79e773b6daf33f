/**
 * The names the transfer chart uses (`transfer.machine.ts` and its two parts,
 * `transfer.editing.machine.ts` and `transfer.outcomes.machine.ts`): its types, actors, delays,
 * guards and actions, each with what it means. The implementations live in the rules and actions
 * files. In a file of its own so that the chart's parts import it, not one another: no import
 * circle among the transfer files.
 */
import { setup } from 'xstate'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import type { AskTransferInput, HolderLookupInput } from './transfer.kinds.ts'
import { formKit } from '../shared/formKit.ts'
import { setAccounts } from '../shared/accounts.ts'
import { stubAction, stubActor } from '../shared/answers.ts'
import * as act from './transfer.actions.ts'
import * as rules from './transfer.rules.ts'
import { formErrors } from './transfer.rules.ts'
import type {
  AccountBalance,
  AskAnswer,
  ConfirmAnswer,
  ConfirmTransferInput,
  HolderLookup,
  RateInput,
  RateQuote,
  ReceiptDownloadFailure,
  ReceiptDownloadInput,
  Suggestion,
  TransferContext,
  TransferEvent,
  TransferInput,
} from './transfer.types.ts'

const form = formKit<TransferContext, TransferEvent>((context) => formErrors(context))

/** The names the chart uses, each with what it means; the implementations live in the rules and actions files. */
export const transferSetup = setup({
  types: {
    input: {} as TransferInput,
    context: {} as TransferContext,
    events: {} as TransferEvent,
  },
  actors: {
    /** POST details (an account), details-wallet or details-card (rulings §9.2), by `kind`: the payee's holder. Provided by src/. */
    lookUpHolder: stubActor<HolderLookup, HolderLookupInput>('lookUpHolder'),
    /** POST rate (rulings §9.3): the rate from the currency sent to the account's, and the amount debited. Provided by src/. */
    quoteRate: stubActor<RateQuote, RateInput>('quoteRate'),
    /** GET used-freq/{1|2} (`transferKinds[kind].suggestions.usedFreqId`). Provided by src/. */
    loadSuggestions: stubActor<Suggestion[], { kind: TransferKind }>('loadSuggestions'),
    /** GET auth/v1/currencies/{b2w|b2c} (`transferKinds[kind].currencies`). Provided by src/. */
    loadCurrencies: stubActor<string[], { kind: TransferKind }>('loadCurrencies'),
    /** POST balance: the balance of one account. Provided by src/. */
    loadBalance: stubActor<AccountBalance, { compte: string; currency: string }>('loadBalance'),
    /** POST transfer/ask, ask-wallet or ask-card, by `kind`. Provided by src/. */
    askTransfer: stubActor<AskAnswer, AskTransferInput>('askTransfer'),
    /** POST transfer/confirm, confirm-wallet or confirm-card, by `kind`. Provided by src/. */
    confirmTransfer: stubActor<ConfirmAnswer, ConfirmTransferInput>('confirmTransfer'),
    /** GET transfer/receipt/{reference}, saved under the server's file name; rejects on any failure. Provided by src/. */
    downloadReceipt: stubActor<void, ReceiptDownloadInput>('downloadReceipt'),
  },
  delays: {
    /** rulings §4: the code's life left, until the ask answer's `expiresAt` (0 once past). */
    codeLife: rules.codeLifeLeft,
    /** rulings §9.3: the quiet time after the last change of account, currency or amount before the rate is asked. */
    rateQuiet: rules.RATE_QUIET_MS,
  },
  guards: {
    /** spec §4, §5: every field of the kind's form is valid and the debit account is one of the customer's. */
    isFormValid: form.isFormValid,
    /** spec §5: the customer has tried to submit the form, so the field errors show. */
    wasSubmitted: form.wasSubmitted,
    /** A field of this kind's form (other fields are ignored). */
    isFieldOfKind: rules.isFieldOfKind,
    /** spec §8: no account, or they could not be loaded (the accounts message, whose click reloads the page). */
    areAccountsUnavailable: rules.areAccountsUnavailable,

    // Lookups and lists of the form.
    /** spec §2 /app/transfer, rulings §9.2: the customer changed a field that names the payee (account, wallet number, card). */
    isPayeeChange: rules.isPayeeChange,
    /**
     * decision (docs/decisions.md, "Mobile data: a frequent payee's holder from its suggestion"): the payee's holder is not known
     * yet and the payee is a loaded suggestion that carries its holder (used-freq answers it from the details calls' own source).
     */
    hasSuggestedHolder: rules.hasSuggestedHolder,
    /** spec §2, rulings §9.2: the payee's fields are complete and valid and its holder is not known yet. */
    shouldLookUpHolder: rules.shouldLookUpHolder,
    /** rulings §9.3: the customer changed the account, the amount or the currency sent (momo, card). */
    isRateInputChange: rules.isRateInputChange,
    /** rulings §9.3: account, currency and amount are valid, the currency sent is not the account's, and no quote is known yet. */
    shouldQuoteRate: rules.shouldQuoteRate,
    /** spec §2, §7 used-freq: the kind offers frequently used accounts or numbers, not loaded yet. */
    shouldLoadSuggestions: rules.shouldLoadSuggestions,
    /** spec §2, §7 currencies b2w, b2c: the kind has a currency field (momo, card), not loaded yet. */
    shouldLoadCurrencies: rules.shouldLoadCurrencies,
    /** spec §2 /app/momo: the customer chose another account to debit (the kind that shows its balance). */
    isDebitAccountChange: rules.isDebitAccountChange,
    /** spec §2 /app/momo: an account is selected and its balance is not known yet. */
    shouldLoadBalance: rules.shouldLoadBalance,

    // The code form.
    /** spec §5 confirmation token: the code typed may be sent (given, digits only, at least 8). */
    isTokenValid: rules.isTokenValid,
    /** spec §5: the customer has tried to send the code, so its error shows. */
    wasTokenSubmitted: rules.wasTokenSubmitted,
    /** rulings §4: the ask answer said when the code expires. */
    hasCodeExpiry: rules.hasCodeExpiry,

    // Answers of the ask and confirm calls (spec §4 Transfers, §4 Session, §8).
    /** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: rules.endsSession,
    /** spec §4, §8 Transfers: the bank answered with an HTTP error (a status other than 2xx). */
    isHttpFailure: rules.isHttpFailure,
    /** decision (docs/decisions.md, Transfers): the answer's body could not be read; it proves nothing. */
    isUnreadable: rules.isUnreadable,
    /** spec §4 Transfers: the bank refused (status '1'); for a confirm, rulings §6.1: the transfer is over. */
    isRefused: rules.isRefused,
    /** rulings §6.2: only an HTTP 2xx answer with status '0' is a success. */
    isConfirmed: rules.isConfirmed,
    /** spec §4 Transfers: the ask answer carries the reference (its code) that the validation code confirms. */
    hasReference: rules.hasReference,
  },
  actions: {
    /** Reloads the page (spec §8: a click on the accounts message reloads). Provided by src/. */
    reloadPage: stubAction('reloadPage'),
    /** A transfer leaves notifications (and one whose result is unknown may have run): the shell's counter is read again. Provided by src/. */
    refreshNotifications: stubAction('refreshNotifications'),
    /** A transfer moves money (and one whose result is unknown may have): the session's balances are read again. Provided by src/. */
    refreshAccounts: stubAction('refreshAccounts'),
    /** A fresh form after a transfer: its account select shows balances, read again if money moved. Provided by src/. */
    wantAccounts: stubAction('wantAccounts'),
    /** spec §8 "Download errors: … logged" (rulings §9.7 adds the message, `showDownloadError`). Provided by src/. */
    logDownloadError: (_, failure: ReceiptDownloadFailure) => stubAction('logDownloadError')(failure),

    /** spec §3, §8: takes the session's account list, and whether it is unavailable (none, or not loaded). */
    setAccounts: setAccounts<TransferContext, TransferEvent>(),
    /** spec §2 transfer screens: keeps what the customer typed or chose in one field of the form. */
    setField: act.setField,
    /** spec §5: works out the message of each invalid field (shown once a submit was tried). */
    validate: form.validate,
    /** spec §5: notes that a submit was tried: the field errors show and follow the typing from then on. */
    markSubmitted: form.markSubmitted,
    /** spec §4, §8 Transfers: sets the error banner (the message or description, else transfer.failed); null clears it. */
    showError: act.showError,

    /** spec §2, rulings §9.2: forgets the holder (or lookup failure) of the previous payee. */
    clearHolder: act.clearHolder,
    /** spec §2, §8, rulings §9.2: keeps the holder found, or the lookup failure (transfer.holderNotFound, transfer.payeeNotFound;
     * rulings §8: the bank's "too many tries" message when it refused to look). */
    setHolder: act.setHolder,
    /** rulings §9.3: forgets the rate quoted for the previous account, currency or amount. */
    clearQuote: act.clearQuote,
    /** rulings §9.3: keeps the rate and the amount debited, or why there is none (nothing shown on a failed call). */
    setQuote: act.setQuote,
    /** spec §2, §7 used-freq: keeps the frequently used accounts or numbers to offer (none on error). */
    setSuggestions: act.setSuggestions,
    /** spec §3, §8: keeps the currencies to offer (codes 1, 2, 3); none, and nothing shown, on failure. */
    setCurrencies: act.setCurrencies,
    /** spec §2 /app/momo: forgets the balance of the account selected before. */
    clearBalance: act.clearBalance,
    /** spec §2 /app/momo: keeps the selected account's balance, to display it. */
    setBalance: act.setBalance,

    /** spec §4 Transfers: keeps the returned reference and what the code form shows (amount, payee, expiry). */
    keepPending: act.keepPending,
    /** spec §3 confirmation form: keeps the validation code as the customer types it. */
    setToken: act.setToken,
    /** spec §5 confirmation token: works out the code field's message (shown once a submit was tried). */
    validateToken: act.validateToken,
    /** spec §5: notes that the customer tried to send the code: its error shows from then on. */
    markTokenSubmitted: act.markTokenSubmitted,
    /** Wipes the validation code once the confirm call answered, whatever the answer, or once it expired (rulings §4: single use, 5 minutes). */
    forgetToken: act.forgetToken,
    /** rulings §4: keeps the tries left after a wrong code, when the answer says (3 wrong codes cancel). */
    setTriesLeft: act.setTriesLeft,
    /** rulings §6.1: notes whether the banner is the refusal of the code typed (HTTP 422): the code field is then marked invalid. */
    setCodeRefused: act.setCodeRefused,
    /** spec §4 Transfers: keeps the success message (new balance when solde is not empty), reference and time. */
    keepReceipt: act.keepReceipt,
    /** rulings §9.7: the success screen's download error (transfer.downloadFailed); null clears it (the next try). */
    showDownloadError: act.showDownloadError,

    /** decision (docs/decisions.md, Transfers: Restart): a fresh form, lists loaded again; instead of the page reload. */
    reset: act.reset,
  },
})
export type TransferSetup = typeof transferSetup
