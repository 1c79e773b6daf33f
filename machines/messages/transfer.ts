/**
 * The three transfer screens (spec §2 /app/transfer, /app/momo, /app/prepaid-card; §4 Transfers;
 * §8). Amounts reach the functions already formatted (`formatAmount` of machines/amounts.ts:
 * "1 234,56 USD").
 */
import { transferHeadings } from '../../kernel/messages/transferHeadings.ts'
import { statement } from './statement.ts'

export const transfer = {
  /** spec §8 — the holder lookup of the account to credit failed */
  holderNotFound: "Le compte n'a pu être retrouvé",
  /** spec §4, §8 — the button of a confirm refused for good (status '1' of an account transfer) */
  retry: 'Réessayer un nouveau transfert',
  /** spec §2 — the button of the final screen */
  another: 'Faire un autre transfert',
  /** spec §4 — success when the answer's solde is empty */
  success: 'Votre transfert a été traité avec succès.',
  /** spec §4 — success with the new balance, when the answer's solde is not empty */
  newBalance: (balance: string) => `Votre transfert a été traité avec succès. Nouveau solde : ${balance}`,
  /**
   * A transfer call that got no answer (network failure, timeout), an HTTP error without message,
   * or an answer the portal cannot use. The spec quotes no message for these cases; this is its
   * generic transfer error (spec §8, statement load failure).
   */
  failed: 'Une erreur lors de votre transfert, veuillez réessayer',
  /** The three screens' headings are shared with the fault panel (kernel/messages/transferHeadings.ts). */
  accountHeading: transferHeadings.account,
  accountFormTitle: 'Transfert vers un autre compte',
  momoHeading: transferHeadings.momo,
  momoFormTitle: 'TRANSFERT MOBILE',
  /** rulings §1: the source's "TRANSFERT MOBILE" / "Vérification solde" were copy errors */
  cardHeading: transferHeadings.card,
  cardFormTitle: 'Transfert vers carte prépayée',
  /** Labels of the form fields (names of the contract's request fields). */
  labels: {
    debitAccount: 'Compte à débiter',
    amount: 'Montant',
    creditAccount: 'Compte à créditer',
    currencySent: 'Devise',
    phone: 'Numéro à créditer',
    accountId: 'Numéro de compte de la carte',
    lastFour: '4 derniers chiffres de la carte',
    description: 'Description',
  },
  chooseAccount: 'Sélectionnez un compte',
  chooseCurrency: 'Sélectionnez une devise',
  /** The holder label found for the account to credit (spec §2 /app/transfer). */
  holder: (libelle: string) => `Titulaire : ${libelle}`,
  lookingUpHolder: 'Recherche du titulaire…',
  /** rulings §9.2 — the holder of a mobile-money number or a prepaid card, looked up once complete */
  payeeFound: (name: string) => `Bénéficiaire : ${name}`,
  /** rulings §9.2 — the bank does not know the number or the card (the transfer may still be asked) */
  payeeNotFound: "Le bénéficiaire n'a pu être retrouvé",
  lookingUpPayee: 'Recherche du bénéficiaire…',
  /**
   * rulings §9.3 — the rate and the amount debited before committing, when the currency sent is
   * not the account's: currencies as codes (USD), the rate in French format, the amount formatted.
   */
  rate: (sent: string, rate: string, currency: string, debit: string) => `Taux : 1 ${sent} = ${rate} ${currency} — montant débité : ${debit}`,
  quotingRate: 'Recherche du taux de change…',
  /** Frequently used accounts or numbers (spec §2). */
  suggestionsLabel: 'Utilisés fréquemment',
  /** The selected account's balance (spec §2 /app/momo). */
  balance: (amount: string) => `Solde disponible : ${amount}`,
  submit: 'Valider',
  asking: 'Envoi de la demande…',
  /** spec §2 /app/momo and /app/prepaid-card: the information panel, its three steps */
  stepsTitle: 'Comment ça marche ?',
  steps: [
    'Remplissez le formulaire.',
    'Un code de validation vous est envoyé par SMS et par e-mail.',
    'Saisissez ce code pour terminer le transfert ; sans ce code, le transfert est annulé.',
  ],
  /** The code form (spec §4: the confirmation form asking for the validation code). */
  codeTitle: 'Confirmation du transfert',
  /** What the code is for (rulings §4: the amount and the payee), when the answer names them. */
  codeFor: (amount: string, payee: string) => `Transfert de ${amount} vers ${payee}`,
  debitAmount: (amount: string) => `Montant débité : ${amount}`,
  codeLabel: 'Code de validation',
  codeHint: 'Saisissez le code reçu par SMS et par e-mail.',
  /** The time left before the code expires, "4:59" (minutes:seconds). */
  timeLeft: (minutesSeconds: string) => `Temps restant : ${minutesSeconds}`,
  codeExpired: 'Le code de validation a expiré.',
  triesLeft: (n: number) => (n === 1 ? 'Il vous reste 1 essai.' : `Il vous reste ${n} essais.`),
  codeSubmit: 'Confirmer',
  confirming: 'Confirmation en cours…',
  /** Gives up the pending transfer: without its code it is cancelled (spec §1). */
  cancel: 'Annuler ce transfert',
  /** rulings §6.2: a confirm answer that does not say success nor refusal. */
  resultUnknownTitle: 'Résultat inconnu',
  resultUnknown: "Nous n'avons pas pu confirmer le résultat de votre transfert. Consultez votre relevé avant de refaire l'opération.",
  resultUnknownLink: 'Consulter mon relevé',
  /** Beside it, where the bank's state of the transfer shows (rulings §9.1: /app/transfers, "Mes transferts"). */
  resultUnknownTransfersLink: 'Consulter mes transferts',
  /** The final screen. */
  doneTitle: 'Transfert effectué',
  receipt: 'Télécharger le reçu',
  /** rulings §9.7: a receipt that could not be downloaded (the statement's words, as My transfers) */
  downloadFailed: statement.downloadFailed,
  /** The lines of the receipt on the final screen. */
  receiptLabels: {
    reference: 'Référence',
    executedAt: 'Date et heure',
    amount: 'Montant',
    payee: 'Bénéficiaire',
    newBalance: 'Nouveau solde',
  },
} as const
