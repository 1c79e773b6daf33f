/**
 * The sign-in texts that the form and the server both hold, apart so that the first screen's chunk
 * carries only these: the form's rules (spec §5), which the server's field checks answer with too;
 * the answer to a wrong user code or PIN (spec §8, HTTP 403), which the server sends and the form
 * shows; and the bank's name by default, which fills `{provider}` (rulings §1) and signs the SMS.
 */

/** The bank's name fills `{provider}` in the blocked-access message (rulings §1); a setting. */
export const DEFAULT_BANK_NAME = 'votre banque'

/** The sign-in form's rules (spec §5). */
export const signInValidation = {
  userCodeRequired: 'Veuillez saisir le code',
  pinRequired: 'Veuillez saisir le mot de passe',
  pinMin: 'Veuillez saisir minimun 5 caractères',
} as const

/** spec §8 — HTTP 403 of auth/login: the same answer for an unknown user and a wrong PIN. */
export const wrongCredentials = 'Code utilisateur ou code pin incorrect'
