import { useEffect, useRef } from 'react'
import { transfer as texts } from '../../../machines/messages'
import { Banner, Spinner } from '../../ui/Feedback'
import { Field } from '../../ui/Field'
import { buttonSecondary, card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import * as css from './transfer.css'
import type { TransferViewProps } from './types'
import { useTimeLeft } from './useTimeLeft'

const BANNER_ID = 'code-banner'

/**
 * spec §4: the confirmation form asking for the validation code, with what the code is for. Focus
 * goes to the code field when the form opens and after a refused code (the refusal describes the
 * field); once the code has expired (the machine's `expired`), to the button that starts again.
 */
export function CodeForm({ screen, send }: TransferViewProps) {
  const { busy, code } = screen
  const timeLeft = useTimeLeft(code?.expiresAt ?? null)
  const section = useRef<HTMLElement>(null)
  const restart = useRef<HTMLButtonElement>(null)
  const refusal = code?.bannerOnField ? code.banner : null
  const expired = code?.expired ?? false

  const focusField = () => section.current?.querySelector<HTMLInputElement>('input[name="token"]')?.focus()
  useEffect(() => {
    if (expired) restart.current?.focus()
    else focusField()
  }, [expired])
  useEffect(() => {
    if (refusal) focusField()
  }, [refusal])

  if (!code) return null
  return (
    <section ref={section} className={card} aria-labelledby="code-title">
      <h2 id="code-title">{texts.codeTitle}</h2>
      <p>{code.summary}</p>
      {code.debitLine && <p>{code.debitLine}</p>}
      {code.message && <p>{code.message}</p>}
      {expired ? <Banner kind="warning">{texts.codeExpired}</Banner> : timeLeft && <p data-testid="time-left">{texts.timeLeft(timeLeft.text)}</p>}
      {code.banner && !expired && (
        <Banner kind="error" id={BANNER_ID}>
          {code.banner}
        </Banner>
      )}
      <form
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault()
          if (!expired) send({ type: 'code.submit' })
        }}
      >
        <Field
          name="token"
          maxLength={code.maxLength}
          label={texts.codeLabel}
          inputMode={code.inputMode}
          autoComplete="one-time-code"
          hint={texts.codeHint}
          value={code.token}
          disabled={expired}
          error={code.tokenError ?? undefined}
          errorElsewhere={refusal ? BANNER_ID : undefined}
          onValueChange={(value) => send({ type: 'code.change', value })}
        />
        <div className={css.actions}>
          <button type="submit" className={button} aria-disabled={busy} disabled={expired}>
            {busy && <Spinner label={texts.confirming} />}
            {texts.codeSubmit}
          </button>
          <button ref={restart} type="button" className={buttonSecondary} onClick={() => send({ type: 'transfer.restart' })}>
            {expired ? texts.another : texts.cancel}
          </button>
        </div>
      </form>
    </section>
  )
}
