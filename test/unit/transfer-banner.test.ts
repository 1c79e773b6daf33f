/** The code form's banner (machines/transfer.ts `codeErrorBanner`): the error and the tries left, said once. */
import { describe, expect, it } from 'vitest'
import { api, transfer as texts } from '../../machines/messages.ts'
import { codeErrorBanner } from '../../machines/transfer/transfer.screen.ts'

describe('codeErrorBanner', () => {
  it('no error, no banner', () => {
    expect(codeErrorBanner({ error: null, triesLeft: 2 })).toBeNull()
  })
  it('a description without the tries left gets them appended', () => {
    expect(codeErrorBanner({ error: 'Code incorrect.', triesLeft: 2 })).toBe(`Code incorrect. ${texts.triesLeft(2)}`)
  })
  it("the reference server's description already says them: said once", () => {
    expect(codeErrorBanner({ error: api.transfer.wrongCode(2), triesLeft: 2 })).toBe(api.transfer.wrongCode(2))
  })
  it('no try left, or unknown: the error alone', () => {
    expect(codeErrorBanner({ error: texts.failed, triesLeft: 0 })).toBe(texts.failed)
    expect(codeErrorBanner({ error: texts.failed, triesLeft: null })).toBe(texts.failed)
  })
})
