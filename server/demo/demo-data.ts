import { api } from '../../kernel/messages.ts'

/**
 * The demo identities and data of rulings §5, fixed so that tests (server, browser) and QA can
 * rely on them. Pure data and a deterministic generator: `seed.ts` writes them to the database.
 * Amounts are integer cents in bigint (never floats); dates are days before the seed day.
 */

export const ALL_MODULES = ['solde', 'statement', 'transfert', 'mobile-money', 'card-visa'] as const
export type ModuleCode = (typeof ALL_MODULES)[number]
export type CurrencyCode = '1' | '2' | '3'

export interface DemoAccount {
  number: string
  currency: CurrencyCode
  /** First deposit, 90 days before the seed day. */
  openingCents: bigint
}

export interface DemoNotification {
  title: string
  content: string
  daysAgo: number
  seen: boolean
}

export interface DemoCustomer {
  kcode: string
  pin: string
  name: string
  modules: readonly ModuleCode[]
  webBlocked: boolean
  contact: { email: string; phone: string; address: string; country: string }
  accounts: Record<string, DemoAccount>
  notifications: readonly DemoNotification[]
}

/** Builds a 21-character account number and refuses, at load time, one of another length. */
function account(...parts: string[]): string {
  const number = parts.join('')
  if (!/^[0-9A-Z]{21}$/.test(number)) throw new Error(`demo account number ${number} is not 21 characters`)
  return number
}

export const mainCustomer = {
  kcode: 'K1234567',
  pin: '12345',
  name: 'Jean Mukendi',
  modules: ALL_MODULES,
  webBlocked: false,
  contact: {
    email: 'jean.mukendi@example.com',
    phone: '0812345678',
    address: '12, avenue du Commerce, Gombe, Kinshasa',
    country: 'CD',
  },
  accounts: {
    usd: { number: account('00017', '01001', '00123456701'), currency: '1', openingCents: 250_000n },
    cdf: { number: account('00017', '01001', '00123456702'), currency: '3', openingCents: 450_000_000n },
    eur: { number: account('00017', '01001', '00123456703'), currency: '2', openingCents: 120_000n },
  },
  notifications: [
    { daysAgo: 80, seen: true, title: 'Bienvenue', content: 'Bienvenue dans votre banque en ligne. Vos comptes sont consultables à toute heure.' },
    {
      daysAgo: 74,
      seen: true,
      title: 'Relevé disponible',
      content: 'Votre relevé de compte du mois dernier est disponible dans la rubrique Relevé de compte.',
    },
    { daysAgo: 66, seen: true, title: 'Salaire reçu', content: 'Un versement de salaire a été crédité sur votre compte en dollars.' },
    { daysAgo: 60, seen: true, title: 'Sécurité', content: 'La banque ne vous demandera jamais votre code pin, ni par téléphone ni par e-mail.' },
    { daysAgo: 52, seen: true, title: 'Maintenance', content: 'Le service sera interrompu dimanche de 2 h à 4 h pour une opération de maintenance.' },
    {
      daysAgo: 45,
      seen: true,
      title: 'Relevé disponible',
      content: 'Votre relevé de compte du mois dernier est disponible dans la rubrique Relevé de compte.',
    },
    { daysAgo: 38, seen: true, title: 'Nouveau service', content: 'Vous pouvez désormais alimenter votre carte prépayée depuis la banque en ligne.' },
    { daysAgo: 30, seen: true, title: 'Salaire reçu', content: 'Un versement de salaire a été crédité sur votre compte en dollars.' },
    { daysAgo: 21, seen: true, title: 'Frais de tenue de compte', content: 'Les frais trimestriels de tenue de compte ont été prélevés sur votre compte.' },
    {
      daysAgo: 14,
      seen: false,
      title: 'Relevé disponible',
      content: 'Votre relevé de compte du mois dernier est disponible dans la rubrique Relevé de compte.',
    },
    { daysAgo: 9, seen: false, title: 'Taux de change', content: 'Les taux de change appliqués aux transferts vers mobile ont été mis à jour.' },
    { daysAgo: 5, seen: false, title: 'Salaire reçu', content: 'Un versement de salaire a été crédité sur votre compte en dollars.' },
    {
      daysAgo: 3,
      seen: false,
      title: 'Mise à jour de vos données',
      content: 'Pensez à vérifier votre adresse e-mail et votre numéro de téléphone dans votre profil.',
    },
    { daysAgo: 1, seen: false, title: 'Conseil', content: 'Déconnectez-vous toujours après usage, surtout sur un ordinateur partagé.' },
  ],
} as const satisfies DemoCustomer

export const statementOnlyCustomer = {
  kcode: 'K7654321',
  pin: '54321',
  name: 'Esther Kabongo',
  modules: ['solde', 'statement'],
  webBlocked: false,
  contact: {
    email: 'esther.kabongo@example.com',
    phone: '0998765432',
    address: '45, boulevard Lumumba, Limete, Kinshasa',
    country: 'CD',
  },
  accounts: {
    cdf: { number: account('00017', '01002', '00765432101'), currency: '3', openingCents: 120_000_000n },
  },
  notifications: [
    { daysAgo: 40, seen: true, title: 'Bienvenue', content: 'Bienvenue dans votre banque en ligne. Vos comptes sont consultables à toute heure.' },
    {
      daysAgo: 12,
      seen: false,
      title: 'Relevé disponible',
      content: 'Votre relevé de compte du mois dernier est disponible dans la rubrique Relevé de compte.',
    },
  ],
} as const satisfies DemoCustomer

export const webBlockedCustomer = {
  kcode: 'K1111111',
  pin: '11111',
  name: 'Paul Lukusa',
  modules: ALL_MODULES,
  webBlocked: true,
  contact: {
    email: 'paul.lukusa@example.com',
    phone: '0851111111',
    address: '7, avenue Kasa-Vubu, Kalamu, Kinshasa',
    country: 'CD',
  },
  accounts: {
    usd: { number: account('00017', '01003', '00111111101'), currency: '1', openingCents: 80_000n },
  },
  notifications: [
    { daysAgo: 20, seen: false, title: 'Accès suspendu', content: 'Votre accès à la banque en ligne est suspendu. Veuillez contacter votre agence.' },
  ],
} as const satisfies DemoCustomer

export const demoCustomers: readonly DemoCustomer[] = [mainCustomer, statementOnlyCustomer, webBlockedCustomer]

/** Other holders' accounts at the bank, to credit by transfer (details answers their label). */
export const payeeAccounts = [
  { number: account('00017', '02004', '00234567801'), currency: '1', holder: 'Grace Mbuyi' },
  { number: account('00017', '02004', '00345678901'), currency: '1', holder: 'Kivu Logistique SARL' },
  { number: account('00017', '02005', '00456789001'), currency: '3', holder: 'Patrick Ilunga' },
  { number: account('00017', '02005', '00567890101'), currency: '3', holder: 'Pharmacie du Centre' },
  { number: account('00017', '02006', '00678901201'), currency: '2', holder: 'Sarah Kalonji' },
  { number: account('00017', '02006', '00789012301'), currency: '2', holder: 'Association Espoir Kasaï' },
] as const satisfies readonly { number: string; currency: CurrencyCode; holder: string }[]

/** A well-formed account number that no account has (for "not found" cases). */
export const unknownAccountNumber = account('00017', '09999', '99999999999')

/**
 * Mobile-money numbers and prepaid cards whose holders the bank can name (rulings §9.2:
 * details-wallet, details-card; table payee_holders, migration 051), one wallet per network.
 */
export const namedWallets = [
  { phone: '243812345678', holder: 'Marie Tshibanda', network: 'mpesa' },
  { phone: '243971234567', holder: 'Cédric Mutombo', network: 'airtel' },
  { phone: '243851234567', holder: 'Boutique Elikia', network: 'orange' },
  { phone: '243901234567', holder: 'Nadine Mwamba', network: 'africell' },
] as const

export const namedCards = [
  { accountId: '12345678', lastFour: '4321', holder: 'Esther Kabongo' },
  { accountId: '87654321', lastFour: '1234', holder: 'Daniel Lumbala' },
] as const

/** A well-formed mobile-money number and a card the bank cannot name. */
export const unknownWallet = '243819999999'
export const unknownCard = { accountId: '99999999', lastFour: '0000' } as const

/**
 * K1234567's history holds executed mobile-money transfers to two named wallets (rulings §9.2), so
 * that used-freq/2 and My transfers show them with their holders: two of the USD account's
 * "Recharge crédit mobile" (by their place in the pattern, as MERCHANT_LABELS: 76 and 46 days
 * before the seed day) are such transfers, same amount and day, credited to the network's
 * settlement account instead of the bank's own (balances and line counts unchanged).
 */
export const DEMO_WALLET_TRANSFERS: Readonly<Record<number, (typeof namedWallets)[number]>> = {
  4: namedWallets[0],
  14: namedWallets[1],
}

/** Networks credited by mobile-money and card transfers (later issues). */
export const settlementNetworks = [
  { network: 'mpesa', label: 'M-Pesa', code: '01' },
  { network: 'airtel', label: 'Airtel Money', code: '02' },
  { network: 'orange', label: 'Orange Money', code: '03' },
  { network: 'africell', label: 'Afrimoney', code: '04' },
  { network: 'visa', label: 'Cartes prépayées Visa', code: '05' },
] as const

const CURRENCIES: readonly CurrencyCode[] = ['1', '2', '3']

/**
 * Rows of each network's settlement account per currency (migration 018): transfers of different
 * customers credit different rows, so that no single row's lock serialises all of them.
 */
export const SETTLEMENT_SHARDS = 16

/** Shard 0 is the network's first row; the others differ by the 8 digits after the network's code. */
export function settlementAccountNumber(code: string, currency: CurrencyCode, shard = 0): string {
  return account('00017', '99001', code, String(shard).padStart(8, '0'), currency)
}

/** The bank's own account per currency, the other side of the demo movements. */
export function internalAccountNumber(currency: CurrencyCode): string {
  return account('00017', '99000', '000000000', '0', currency)
}

export const bankAccounts = CURRENCIES.flatMap((currency) => [
  { number: internalAccountNumber(currency), currency, kind: 'internal' as const, network: null, holder: 'Caisse centrale' },
  ...settlementNetworks.flatMap((n) =>
    Array.from({ length: SETTLEMENT_SHARDS }, (_, shard) => ({
      number: settlementAccountNumber(n.code, currency, shard),
      currency,
      kind: 'settlement' as const,
      network: n.network,
      holder: n.label,
    })),
  ),
])

/** Demo rates: 1 unit of `from` = `rate` units of `to`. */
export const demoExchangeRates = [
  { from: '1', to: '3', rate: '2850.00000000' },
  { from: '3', to: '1', rate: '0.00035088' },
  { from: '2', to: '1', rate: '1.08000000' },
  { from: '1', to: '2', rate: '0.92592593' },
  { from: '2', to: '3', rate: '3078.00000000' },
  { from: '3', to: '2', rate: '0.00032489' },
] as const

export interface DemoMovement {
  daysAgo: number
  /** Minutes after 08:00 UTC on that day, so that the order within a day is fixed. */
  minute: number
  kind: 'opening' | 'deposit' | 'withdrawal' | 'payment' | 'fee'
  description: string
  /** Signed: a credit is positive, a debit negative. */
  cents: bigint
  /**
   * An executed mobile-money transfer to a named wallet (DEMO_WALLET_TRANSFERS), not a payment to
   * the bank: `description` is then its line as statements show it ("Transfert vers 243… : …"),
   * and the transfer's own description the one the customer typed.
   */
  transfer?: { wallet: (typeof namedWallets)[number]; description: string }
}

/** What a month of an ordinary customer looks like, in USD cents; scaled per currency. */
const PATTERN: readonly Omit<DemoMovement, 'daysAgo' | 'minute'>[] = [
  { kind: 'withdrawal', description: 'Retrait DAB Gombe', cents: -20_000n },
  { kind: 'payment', description: 'Paiement facture SNEL', cents: -4_550n },
  { kind: 'payment', description: 'Achat carte City Market', cents: -8_730n },
  { kind: 'deposit', description: 'Transfert reçu de Grace Mbuyi', cents: 15_000n },
  { kind: 'payment', description: 'Recharge crédit mobile', cents: -1_000n },
  { kind: 'payment', description: 'Paiement facture REGIDESO', cents: -2_275n },
  { kind: 'withdrawal', description: 'Retrait guichet agence Limete', cents: -30_000n },
  { kind: 'fee', description: 'Frais de tenue de compte', cents: -500n },
  { kind: 'payment', description: 'Paiement frais scolaires', cents: -25_000n },
  { kind: 'payment', description: 'Achat carte Pharmacie du Centre', cents: -3_640n },
]

/**
 * Merchant labels as a card network sends them, in place of the pattern's description of two
 * payments (amounts unchanged): one looks like a spreadsheet formula, one has quotes and a
 * semicolon, so that the CSV escaping of statements shows end to end (52 and 16 days before the
 * seed day, on every account).
 */
export const MERCHANT_LABELS: Readonly<Record<number, string>> = {
  12: '=SOMME(A1)',
  24: '@Kin Shop "Marché central"; livraison',
}

/** CDF amounts are about 2 800 times the USD ones, EUR ones a little smaller. */
const SCALE: Record<CurrencyCode, { times: bigint; per: bigint }> = {
  '1': { times: 1n, per: 1n },
  '2': { times: 9n, per: 10n },
  '3': { times: 2_800n, per: 1n },
}

/**
 * Three months of movements of one account, oldest first: the opening deposit 90 days before the
 * seed day, a salary every 30 days and an ordinary movement every 3 days. Deterministic: the same
 * account always gets the same list, so its balance is known.
 */
export function demoMovements(acc: DemoAccount): DemoMovement[] {
  const { times, per } = SCALE[acc.currency]
  // a small per-account offset (in cents) so that two accounts do not show identical figures
  const offset = BigInt(Number(acc.number.slice(-2)) * 7)
  const scale = (cents: bigint) => (cents * times) / per + (cents < 0n ? -offset : offset)
  const movements: DemoMovement[] = [{ daysAgo: 90, minute: 0, kind: 'opening', description: 'Versement initial', cents: acc.openingCents }]
  let i = 0
  for (let daysAgo = 88; daysAgo >= 1; daysAgo -= 3) {
    if (daysAgo % 30 === 25) {
      movements.push({ daysAgo, minute: 30, kind: 'deposit', description: 'Versement salaire', cents: scale(185_000n) })
    }
    const p = PATTERN[i % PATTERN.length]!
    const description = MERCHANT_LABELS[i] ?? p.description
    const wallet = acc.number === mainCustomer.accounts.usd.number ? DEMO_WALLET_TRANSFERS[i] : undefined
    const movement = { daysAgo, minute: 60 + (i % 8) * 47, kind: p.kind, description, cents: scale(p.cents) }
    movements.push(wallet ? { ...movement, description: api.transfer.debitLine(wallet.phone, description), transfer: { wallet, description } } : movement)
    i += 1
  }
  return movements
}

/** The balance an account has right after seeding: the sum of its movements. */
export function demoBalanceCents(acc: DemoAccount): bigint {
  return demoMovements(acc).reduce((sum, m) => sum + m.cents, 0n)
}
