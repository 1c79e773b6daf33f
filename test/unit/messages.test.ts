/**
 * The message catalogue against docs/requirements.md: every text a requirement quotes (the
 * validation rules of §5, the error messages of §8, the states of §4, titles, buttons and the second
 * review's screens of §1 and §2, the choices of §13) is in `machines/messages.ts` exactly as quoted,
 * typos included. The requirements already apply the rulings; the texts a ruling changed are listed
 * below with the ruling and checked the ruling's way. No section is left out: every requirement is built.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as catalogue from '../../machines/messages.ts'
import { quotesIn, requirementSections, requirements } from '../../scripts/audit/trace/requirements.ts'

const { login, validation, transfer, session, sessionWarning, landing, notifications, balance, statement, pinReset, password, profile } = catalogue

const MACHINES_DIR = fileURLToPath(new URL('../../machines/', import.meta.url))

const all = requirements()
/** The requirements of section `n`. */
const section = (n: number) => all.filter((r) => r.section.n === n)
/** Every text quoted by the requirements of section `n`. */
const quotes = (n: number) => section(n).flatMap((r) => quotesIn(r.text))
/** The text of one requirement. */
const requirement = (id: string) => all.find((r) => r.id === id)?.text ?? ''
/** Every text cited in guillemets (a reading set aside, an example): never a required text. */
const cited = all.flatMap((r) => [...r.text.matchAll(/« ([^»]*) »/g)].map((m) => m[1]!))

/** Every string of the catalogue, at any depth (functions are checked one by one below). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}
const inCatalogue = new Set(strings(catalogue))

/**
 * Texts of the source that a ruling changed, or that the catalogue cannot hold as a plain string.
 * `required`: the requirements still quote it as a required text (otherwise they only cite it in
 * guillemets); `stillPlain`: the catalogue holds it as a plain string. Each has the check that shows
 * how the catalogue honours the ruling.
 */
const handledByRulings: Array<{ quote: string; ruling: string; check: () => void; stillPlain: boolean; required: boolean }> = [
  {
    quote: 'Accès web banking bloqué. Veuillez contacter {provider}',
    required: true,
    ruling: 'rulings §1: {provider} is the bank name, a setting — the catalogue holds a function of it',
    stillPlain: false,
    check: () => {
      expect(login.blocked('{provider}')).toBe('Accès web banking bloqué. Veuillez contacter {provider}')
      expect(login.blocked(catalogue.DEFAULT_BANK_NAME)).toBe('Accès web banking bloqué. Veuillez contacter votre banque')
    },
  },
  {
    quote: 'Saisir le numéro de compte de la carte à créditer',
    required: true,
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
    required: true,
    ruling: 'rulings §1: the momo length rule is "Le numéro saisi est incorrect"; the quote, typo included, stays for the card account id',
    stillPlain: true,
    check: () => {
      expect(validation.momoNumberFormat).toBe('Le numéro saisi est incorrect')
      expect(validation.cardAccountFormat).toBe('Le numéro saisit est incorrect')
    },
  },
  {
    quote: "Saisir l'adresse email",
    required: true,
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
    quote: 'Vous serez déconnecté dans {n} secondes.',
    required: true,
    ruling: 'rulings §6.4: {n} counts the seconds down — the catalogue holds a function of it',
    stillPlain: false,
    check: () => {
      expect(sessionWarning.countdown(60)).toBe('Vous serez déconnecté dans 60 secondes.')
      expect(sessionWarning.countdown(1)).toBe('Vous serez déconnecté dans 1 secondes.')
    },
  },
  {
    quote: 'Vérification solde',
    required: false,
    ruling: 'rulings §1: a copy error of the source; the prepaid-card heading and form title are "Transfert vers carte prépayée"',
    stillPlain: false,
    check: () => {
      expect(transfer.cardHeading).toBe('Transfert vers carte prépayée')
      expect(transfer.cardFormTitle).toBe('Transfert vers carte prépayée')
    },
  },
  {
    quote: 'TRANSFERT MOBILE',
    required: true,
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
    required: false,
    ruling: 'spec §1 gives the meaning of the tagline, in English; the catalogue holds the French tagline',
    stillPlain: false,
    check: () => expect(landing.tagline).toBe('Obtenez le meilleur'),
  },
]
const notPlain = new Set(handledByRulings.filter((r) => !r.stillPlain).map((r) => r.quote))

function expectAllInCatalogue(found: string[]) {
  expect(found.length).toBeGreaterThan(0)
  const missing = [...new Set(found)].filter((q) => !notPlain.has(q) && !inCatalogue.has(q))
  expect(missing, 'quoted by docs/requirements.md but not in machines/messages.ts').toEqual([])
}

describe('message catalogue against docs/requirements.md', () => {
  it('section 5 table (validation rules): every quoted message, exactly', () => {
    const found = quotes(5)
    expect(found).toContain('Veuillez saisir minimun 5 caractères')
    expectAllInCatalogue(found)
  })

  it('section 8 table (error catalogue): every quoted message, exactly', () => {
    const found = quotes(8)
    expect(found).toContain('Code utilisateur ou code pin incorrect')
    expectAllInCatalogue(found)
  })

  it('sections 1 and 2 (titles, buttons, placeholders): every quoted text, exactly', () => {
    const found = [...quotes(1), ...quotes(2)]
    expect(found).toContain('Cliquez pour vous connecter')
    // The second review's screens (rulings §6), built and folded into §2.
    expect(found).toEqual(
      expect.arrayContaining([
        "Ce service n'est pas disponible pour votre compte.",
        'Retour au tableau de bord',
        'Votre session va expirer',
        'Rester connecté',
        'Votre code PIN a été réinitialisé. Le nouveau code PIN vous a été envoyé par SMS et par e-mail. Vous pouvez vous connecter.',
      ]),
    )
    expectAllInCatalogue(found)
  })

  it('section 4 (states and transitions): every quoted message and button, exactly', () => {
    const found = quotes(4)
    expect(found).toContain('Votre transfert a été traité avec succès.')
    expectAllInCatalogue(found)
  })

  it('section 13 (our choices): every quoted text, exactly', () => {
    const found = quotes(13)
    expect(found).toContain('Trop de demandes. Veuillez réessayer dans quelques minutes.')
    expectAllInCatalogue(found)
  })

  it('no section quotes a text that the tests above do not check', () => {
    const checked = [1, 2, 4, 5, 8, 13]
    const sections = requirementSections()
    const quoting = sections.filter((s) => quotes(s.n).length > 0 && !checked.includes(s.n))
    expect(quoting.map((s) => [s.n, s.status, s.origin])).toEqual([])
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

  it('spec §8 PIN reset confirm network error: rulings §6.2 makes it a result unknown, in its own words', () => {
    expect(requirement('REQ-ERR-06')).toContain('set aside by rulings §6.2')
    expect(pinReset.confirmUnknownTitle).toBe('Résultat inconnu')
    expect(pinReset.confirmUnknown).toContain('consultez vos messages avant de refaire une demande')
    expect(pinReset.confirmUnknown).not.toBe(pinReset.askNetworkError)
    expect(pinReset.success).toBeTruthy()
  })

  it('spec §8 balance failure: the box has no text in the spec; the catalogue gives it a short one for screen readers', () => {
    expect(requirement('REQ-ERR-18')).toContain('gives it no text')
    expect(balance.failed).toBe("Le solde n'a pu être affiché.")
  })

  describe('quotes handled by a ruling', () => {
    it('each listed text is quoted as a required text, or only cited in guillemets, as the ruling has it', () => {
      const required = requirementSections().flatMap((s) => quotes(s.n))
      for (const { quote, required: isRequired } of handledByRulings) {
        if (isRequired) expect(required, quote).toContain(quote)
        else {
          expect(required, quote).not.toContain(quote)
          expect(cited, quote).toContain(quote)
        }
      }
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
