/**
 * The statement search's rules (kernel/statementSearch.ts), which the screen applies to the lines it
 * holds and the server to the ledger: what a text and an amount match, and the server's regular
 * expression, which must match exactly what the screen's folding matches.
 */
import { describe, expect, it } from 'vitest'
import { fold, matchesLine, searchOf, searchRegex } from '../../kernel/statementSearch.ts'

const line = (description: string, debit = '', credit = '', num_transaction = 'VIR0001') => ({ num_transaction, description, debit, credit })

describe('what a search matches (issue 27)', () => {
  it('text: inside the label or the reference, case and French accents aside', () => {
    const search = searchOf('  electricite ')!
    expect(matchesLine(line('Paiement ÉLECTRICITÉ SNEL'), search)).toBe(true)
    expect(matchesLine(line('Dépôt'), search)).toBe(false)
    expect(matchesLine(line('Dépôt', '', '', 'ELECTRICITE-42'), search)).toBe(true)
    expect(matchesLine(line('Dépôt en espèces'), searchOf('DÉPÔT')!)).toBe(true)
    expect(fold('Œuvre À ÇA')).toBe('Œuvre a ca'.toLowerCase())
  })

  it.each([
    ['150', ['150.00', '150.75'], ['1500.00', '15.00', '']],
    ['150,5', ['150.50'], ['150.00', '150.05']],
    ['150.50', ['150.50'], ['150.00']],
    ['1 234,56', ['1234.56'], ['1234.50']],
    ['1\u202f234', ['1234.00', '1234.99'], ['234.00']],
  ])('the amount %s', (text, found, missed) => {
    const search = searchOf(text)!
    for (const amount of found) expect(matchesLine(line('x', amount), search), amount).toBe(true)
    for (const amount of found) expect(matchesLine(line('x', '', amount), search), amount).toBe(true)
    for (const amount of missed) expect(matchesLine(line('x', amount), search), amount).toBe(false)
  })

  it('what reads as no amount is text only; blank is no search', () => {
    expect(searchOf('1 23')).toMatchObject({ cents: null, units: null })
    expect(searchOf('150,505')).toMatchObject({ cents: null, units: null })
    expect(searchOf('9'.repeat(16))).toMatchObject({ cents: null, units: null })
    expect(searchOf('   ')).toBeNull()
    expect(searchOf(undefined)).toBeNull()
  })

  it("the server's regular expression matches what the folding matches, and reads no sign as an operator", () => {
    const labels = [
      'Paiement ÉLECTRICITÉ SNEL',
      'électricité',
      'Electricite',
      'Frais 100% _ (compte)',
      "l'École",
      'a.b*c',
      'Łódź',
      'ŁÓDŹ',
      '😀 cadeau',
      'STRASSE',
      'Straße',
    ]
    const searches = ['straße', 'electricite', 'ÉLEC', '100% _', '(compte)', "l'ecole", 'a.b*c', 'a.b', 'axb', 'łódź', '😀', '.*', '[a]', '\\']
    for (const text of searches) {
      const search = searchOf(text)!
      // PostgreSQL's advanced expressions read `\x` of a sign as the sign, as JavaScript does without the u flag
      const pattern = new RegExp(searchRegex(search))
      for (const label of labels) expect(pattern.test(label), `${text} in ${label}`).toBe(fold(label).includes(search.text))
    }
  })
})
