import { wrongCredentials } from '../../kernel/messages/signIn.ts'

/** Shared with the server (kernel/messages/signIn.ts): the bank's name by default, the sign-in form's rules. */
export { DEFAULT_BANK_NAME, signInValidation } from '../../kernel/messages/signIn.ts'

/** The portal's name: the sign-in page's heading, the shell's, the installed app's. */
export const portalName = 'Banque en ligne'

export const login = {
  title: 'Connexion',
  userCodePlaceholder: 'Code utilisateur',
  pinPlaceholder: 'Code pin',
  userCodeLabel: 'Code utilisateur',
  pinLabel: 'Code pin',
  submit: 'Connexion',
  forgotPin: 'Code pin oublié',
  loading: 'Connexion en cours…',
  /** spec §8 — HTTP 403 (the server sends the same words) */
  wrongCredentials,
  /** spec §8 — HTTP 401 without a code in the body */
  blocked: (provider: string) => `Accès web banking bloqué. Veuillez contacter ${provider}`,
  /** spec §8 — any other HTTP error (also a network failure or a timeout) */
  connectionError: 'Une erreur lors de votre connexion. Veuillez contacter le support',
  /** spec §4 / §8 — an answer with neither a usable code nor a token */
  unusableAnswer: 'Une erreur lors de votre authentification. Veuillez contacter le support si ça persiste',
} as const

export const common = {
  loading: 'Chargement…',
  required: 'obligatoire',
} as const

/** The show/hide button of the PIN fields (the sign-in form has one). */
export const pinVisibility = {
  show: 'Afficher le code',
  hide: 'Masquer le code',
} as const
