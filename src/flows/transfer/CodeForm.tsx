import { FIELD_MAX_LENGTH } from '../../../machines/limits'
import { transfer as texts } from '../../../machines/messages'
import { Banner, Spinner } from '../../ui/Feedback'
import { Field } from '../../ui/Field'
import { buttonSecondary, card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import * as css from './transfer.css'
import type { StepHeading, TransferViewProps } from './types'
import { useTimeLeft } from './useTimeLeft'

type Props = TransferViewProps & { headingRef: StepHeading }

/** spec §4: the confirmation form asking for the validation code, with what the code is for. */
export function CodeForm({ screen, send, headingRef }: Props) {
  const { busy, code } = screen
  const timeLeft = useTimeLeft(code?.expiresAt ?? null)
  if (!code) return null
  return (
    <section className={card} aria-labelledby="code-title">
      <h2 id="code-title" ref={headingRef} tabIndex={-1}>
        {texts.codeTitle}
      </h2>
      <p>{code.summary}</p>
      {code.debitLine && <p>{code.debitLine}</p>}
      {code.message && <p>{code.message}</p>}
      {timeLeft && <p data-testid="time-left">{timeLeft.expired ? texts.codeExpired : texts.timeLeft(timeLeft.text)}</p>}
      {code.banner && <Banner kind="error">{code.banner}</Banner>}
      <form
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault()
          send({ type: 'code.submit' })
        }}
      >
        <Field
          name="token"
          maxLength={FIELD_MAX_LENGTH.confirmationCode}
          label={texts.codeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          hint={texts.codeHint}
          value={code.token}
          error={code.tokenError ?? undefined}
          onValueChange={(value) => send({ type: 'code.change', value })}
        />
        <div className={css.actions}>
          <button type="submit" className={button} aria-disabled={busy}>
            {busy && <Spinner label={texts.confirming} />}
            {texts.codeSubmit}
          </button>
          <button type="button" className={buttonSecondary} onClick={() => send({ type: 'transfer.restart' })}>
            {texts.cancel}
          </button>
        </div>
      </form>
    </section>
  )
}
