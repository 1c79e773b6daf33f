/**
 * Spec §5 "fields are highlighted": the shared field components of every form (src/ui/Field.tsx,
 * used by the login, PIN reset, transfer, code, balance, statement, password and contact forms)
 * mark a field in error as invalid (`aria-invalid`, which the stylesheet draws with the danger
 * border) and tie its message to it (`aria-describedby`); a field without error is not marked.
 * When an error exists is the machines' business (after a submit attempt), tested in test/model.
 */
import { readFileSync } from 'node:fs'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { validation } from '../../machines/messages.ts'

// The styles are vanilla-extract files, compiled by the Vite plugin only: plain class names here.
vi.mock('../../src/ui/ui.css', () => ({ field: 'field', label: 'label', input: 'input', fieldError: 'fieldError', fieldHint: 'fieldHint' }))

const { Field, Select } = await import('../../src/ui/Field.tsx')

const noop = () => {}
const dom = (html: string) => {
  const attr = (tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1]
  const textOf = (id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]
  return { attr, textOf }
}

describe('spec §5: a field in error is highlighted and its message tied to it', () => {
  it('text field: no mark and no message without error', () => {
    const html = renderToStaticMarkup(createElement(Field, { label: 'Code utilisateur', name: 'username', value: '', onValueChange: noop }))
    expect(dom(html).attr('input', 'aria-invalid')).toBeUndefined()
    expect(dom(html).attr('input', 'aria-describedby')).toBeUndefined()
    expect(html).not.toContain(validation.userCodeRequired)
  })

  it('text field in error: aria-invalid, and aria-describedby names the exact message', () => {
    const html = renderToStaticMarkup(
      createElement(Field, { label: 'Code utilisateur', name: 'username', value: '', error: validation.userCodeRequired, onValueChange: noop }),
    )
    const { attr, textOf } = dom(html)
    expect(attr('input', 'aria-invalid')).toBe('true')
    const describedBy = attr('input', 'aria-describedby')!
    expect(textOf(describedBy.split(' ')[0]!)).toBe('Veuillez saisir le code')
  })

  it('select: no mark without error; in error, aria-invalid and the exact message tied to it', () => {
    const props = { label: 'Compte', name: 'account', value: '', options: [], placeholder: 'Sélectionnez un compte', onValueChange: noop }
    const clean = dom(renderToStaticMarkup(createElement(Select, props)))
    expect(clean.attr('select', 'aria-invalid')).toBeUndefined()
    const html = renderToStaticMarkup(createElement(Select, { ...props, error: validation.debitAccountRequired }))
    const { attr, textOf } = dom(html)
    expect(attr('select', 'aria-invalid')).toBe('true')
    expect(textOf(attr('select', 'aria-describedby')!)).toBe('Veuillez sélectionner un compte')
  })

  it('the stylesheet draws an invalid field with the danger colour', () => {
    const css = readFileSync(new URL('../../src/ui/ui.css.ts', import.meta.url), 'utf8')
    expect(css).toMatch(/'&\[aria-invalid="true"\]':\s*\{[^}]*borderColor:\s*vars\.color\.danger/)
  })
})
