/**
 * The message catalogue against the specification: every message the spec quotes (section 5 and 8
 * tables, the states of section 4, titles and buttons of sections 1 and 2) is in
 * `machines/messages.ts` exactly as quoted,
 * typos included, except where a ruling replaces it — each such case is listed below with its
 * ruling and checked the ruling's way.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as catalogue from '../../machines/messages.ts'
import { quotesIn, readSpec, specSection } from '../../scripts/audit/trace/spec-items.ts'

const { login, validation, transfer, session, landing, notifications, balance, statement, pinReset, password, profile } = catalogue

const MACHINES_DIR = fileURLToPath(new URL('../../machines/', import.meta.url))

/** The spec's text (an error says where it is expected when it is missing). */
const specText = () => readSpec()
/** The text of `## <n>. …` up to the next `## `. */
const section = (n: number) => specSection(specText(), n)

/** The rows of the section's table(s). */
const tableRows = (text: string) => text.split('\n').filter((line) => line.startsWith('|'))
/** Every text between double quotes. */
const quotes = quotesIn

/** Every string of the catalogue, at any depth (functions are checked one by one below). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}
const inCatalogue = new Set(strings(catalogue))

/**
 * Quotes that the catalogue cannot hold as a plain string, or that a ruling changes. Each has the
 * check that shows how the catalogue honours it.
 */
const handledByRulings: Array<{ quote: string; ruling: string; check: () => void; stillPlain: boolean }> = [
  {
    quote: 'Accès web banking bloqué. Veuillez contacter {provider}',
    ruling: 'rulings §1: {provider} is the bank name, a setting — the catalogue holds a function of it',
    stillPlain: false,
    check: () => {
      expect(login.blocked('{provider}')).toBe('Accès web banking bloqué. Veuillez contacter {provider}')
      expect(login.blocked(catalogue.DEFAULT_BANK_NAME)).toBe('Accès web banking bloqué. Veuillez contacter votre banque')
    },
  },
  {
    quote: 'Saisir le numéro de compte de la carte à créditer',
    ruling:
      'rulings §1: the momo number required message is the correct-French reading "Saisir le numéro de compte à créditer"; ' +
      'the quote stays as the card account id message (spec §5, card account id)',
    stillPlain: true,
    check: () => {
      expect(validation.momoNumberRequired).toBe('Saisir le numéro de compte à créditer')
      expect(validation.cardAccountRequired).toBe('Saisir le numéro de compte de la carte à créditer')
    },
  },
  {
    quote: 'Le numéro saisit est incorrect',
    ruling:
      'rulings §1: the momo length rule is "Le numéro saisi est incorrect"; the quote, typo included, stays for the card account id',
    stillPlain: true,
    check: () => {
      expect(validation.momoNumberFormat).toBe('Le numéro saisi est incorrect')
      expect(validation.cardAccountFormat).toBe('Le numéro saisit est incorrect')
    },
  },
  {
    quote: "Saisir l'adresse email",
    ruling:
      'rulings §1: the photo field shows "Veuillez sélectionner une photo" (the source\'s e-mail message was a defect); ' +
      'the quote stays for the contact e-mail',
    stillPlain: true,
    check: () => {
      expect(validation.photoRequired).toBe('Veuillez sélectionner une photo')
      expect(validation.photoType).toBe('Format non pris en charge : JPEG, PNG ou WebP')
      expect(validation.photoSize).toBe('La photo ne doit pas dépasser 2 Mo')
      expect(validation.emailRequired).toBe("Saisir l'adresse email")
    },
  },
  {
    quote: 'Vérification solde',
    ruling: 'rulings §1: a copy error of the source; the prepaid-card heading and form title are "Transfert vers carte prépayée"',
    stillPlain: false,
    check: () => {
      expect(transfer.cardHeading).toBe('Transfert vers carte prépayée')
      expect(transfer.cardFormTitle).toBe('Transfert vers carte prépayée')
    },
  },
  {
    quote: 'TRANSFERT MOBILE',
    ruling: 'rulings §1: the momo form title only; the prepaid-card form is titled "Transfert vers carte prépayée"',
    stillPlain: true,
    check: () => {
      expect(transfer.momoHeading).toBe('Transfert vers mobile')
      expect(transfer.momoFormTitle).toBe('TRANSFERT MOBILE')
      expect(transfer.cardFormTitle).not.toBe('TRANSFERT MOBILE')
    },
  },
  {
    quote: 'Get the best',
    ruling: 'spec §1 gives the meaning of the tagline, in English; the catalogue holds the French tagline',
    stillPlain: false,
    check: () => expect(landing.tagline).toBe('Obtenez le meilleur'),
  },
]
const notPlain = new Set(handledByRulings.filter((r) => !r.stillPlain).map((r) => r.quote))

function expectAllInCatalogue(found: string[]) {
  expect(found.length).toBeGreaterThan(0)
  const missing = [...new Set(found)].filter((q) => !notPlain.has(q) && !inCatalogue.has(q))
  expect(missing, 'quoted by the spec but not in machines/messages.ts').toEqual([])
}

describe('message catalogue against portal-spec.md', () => {
  it('section 5 table (validation rules): every quoted message, exactly', () => {
    const found = tableRows(section(5)).flatMap(quotes)
    expect(found).toContain('Veuillez saisir minimun 5 caractères')
    expectAllInCatalogue(found)
  })

  it('section 8 table (error catalogue): every quoted message, exactly', () => {
    const found = tableRows(section(8)).flatMap(quotes)
    expect(found).toContain('Code utilisateur ou code pin incorrect')
    expectAllInCatalogue(found)
  })

  it('sections 1 and 2 (titles, buttons, placeholders): every quoted text, exactly', () => {
    expectAllInCatalogue([...quotes(section(1)), ...quotes(section(2))])
  })

  it('section 4 (states and transitions): every quoted message and button, exactly', () => {
    const found = quotes(section(4))
    expect(found).toContain('Votre transfert a été traité avec succès.')
    expectAllInCatalogue(found)
  })

  it('no section of the spec quotes a text that the tests above do not check', () => {
    const checked = [1, 2, 4, 5, 8]
    const sections = [...specText().matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1]))
    const quoting = sections.filter((n) => quotes(section(n)).length > 0)
    expect(quoting.filter((n) => !checked.includes(n))).toEqual([])
  })

  it('the texts an auditor checks first are the spec quotes', () => {
    expect(session).toMatchObject({
      logoutTitle: 'Déconnexion',
      logoutQuestion: 'Quitter la session ?',
      logoutCancel: 'Fermer',
      logoutConfirm: 'Se déconnecter',
      expiredTitle: 'Deconnexion',
      expiredText: 'Votre session a expiré. Veuillez vous reconnecter',
    })
    expect(login).toMatchObject({
      userCodePlaceholder: 'Code utilisateur',
      pinPlaceholder: 'Code pin',
      submit: 'Connexion',
      forgotPin: 'Code pin oublié',
    })
    expect(landing.cta).toBe('Cliquez pour vous connecter')
    expect(notifications).toMatchObject({
      title: 'VOS NOTIFICATIONS',
      show: 'afficher',
      prev: 'Prev',
      next: 'Next',
      previewSuffix: ' ...',
      loadError: 'Une erreur lors de la récupération de vos notifications.',
    })
    expect(balance).toMatchObject({ title: 'SOLDE DE VOTRE COMPTE', show: 'Cliquer ici pour afficher le solde' })
    expect(statement.loadError).toBe('Une erreur lors de votre transfert, veuillez réessayer')
    expect(validation.startAfterEnd).toBe('La date de début ne peut pas être supérieure à la date de fin')
    expect(pinReset).toMatchObject({
      askTitle: 'PIN oublié ?',
      askSubmit: 'Envoyer la demande',
      confirmTitle: 'Confirmation',
      confirmSubtitle: 'Terminer la réinitialisation de votre PIN',
      confirmSubmit: 'Cliquer pour confirmer',
      signIn: 'Se connecter',
      askNetworkError: 'Une erreur lors du traitement de votre transaction',
      confirmUnknownStatus: 'Une erreur lors du traitement de votre demande',
    })
  })

  it('spec §2, §4, §8 password change: title, HTTP failure message, a success message', () => {
    expect(password).toMatchObject({
      title: 'MODIFICATION MOT DE PASSE',
      changeError: 'Une erreur lors de la modification de votre mot de passe',
    })
    expect(password.success).toBeTruthy()
  })

  it('spec §2, §8 profile, contact and picture: titles, links, toast, update error', () => {
    expect(profile).toMatchObject({
      title: 'Mon profil',
      codePrefix: 'Code : ',
      editPhoto: 'Modifier photo',
      editContact: 'Modifier mes données',
      resetPassword: 'Réinitialiser le mot de passe',
      contactTitle: 'METTRE A JOUR MES DONNEES',
      contactSent: 'Envoyé',
      pictureTitle: 'MISE A JOUR PHOTO',
      updateError: 'Une erreur lors de votre transfert, veuillez réessayer',
    })
    expect(profile.pictureSent).toBeTruthy()
  })

  it('spec §8 PIN reset confirm network error: no text in the spec; the banner repeats the request error', () => {
    expect(tableRows(section(8)).find((row) => row.includes('PIN reset confirm, network error'))).toContain('no specific message')
    expect(pinReset.confirmNetworkError).toBe(pinReset.askNetworkError)
    expect(pinReset.success).toBeTruthy()
  })

  it('spec §8 balance failure: the box has no text in the spec; the catalogue gives it a short one for screen readers', () => {
    expect(tableRows(section(8)).find((row) => row.includes('Balance failure'))).toContain('an error box with no message text')
    expect(balance.failed).toBe("Le solde n'a pu être affiché.")
  })

  describe('quotes handled by a ruling', () => {
    it('each listed quote is indeed quoted by the spec', () => {
      const all = [1, 2, 5, 8].flatMap((n) => quotes(section(n)))
      for (const { quote } of handledByRulings) expect(all, quote).toContain(quote)
    })
    for (const { quote, ruling, check } of handledByRulings) it(`"${quote}" — ${ruling}`, check)
  })
})

describe('machines take every text from the catalogue', () => {
  const accented = /[àâäçéèêëîïôöûùüÿœæ«»]/i
  const files = readdirSync(MACHINES_DIR).filter((f) => f.endsWith('.ts') && f !== 'messages.ts')
  it.each(files)('%s has no French string literal', (file) => {
    const code = readFileSync(MACHINES_DIR + file, 'utf8')
      .replace(/\/\*[^]*?\*\//g, '')
      .replace(/(^|[^:])\/\/[^\n]*/g, '$1')
    const literals = code.match(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g) ?? []
    expect(literals.filter((l) => accented.test(l))).toEqual([])
  })
})
