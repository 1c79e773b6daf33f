import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import { pinReset as texts, shell } from '../../../machines/messages'
import { pinResetMachine } from '../../../machines/pinReset/pinReset.machine'
import { pinResetScreen } from '../../../machines/pinReset/pinReset.screen'
import type { PinResetField } from '../../../machines/pinReset/pinReset.types'
import { Field } from '../../ui/Field'
import { Banner, Spinner } from '../../ui/Feedback'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { usePageTitle } from '../../ui/usePageTitle'
import { useHydrated } from '../../ui/useHydrated'
import { button } from '../../ui/ui.css'
import * as css from '../public.css'
import { useFlow } from '../useFlow'
import { askPinReset, confirmPinReset } from './actors'

/** spec §2 /reinit-password: the user code, then the confirmation code, then "Se connecter". */
export function PinResetPage() {
  const [screen, send] = useFlow(pinResetMachine, { screen: pinResetScreen, actors: { askPinReset, confirmPinReset } })
  const { title } = screen
  usePageTitle(title)
  const form = useRef<HTMLFormElement>(null)
  const hydrated = useHydrated()
  useFocusFirstError(form, screen.errors)
  const change = (field: PinResetField) => (value: string) => send({ type: 'field.change', field, value })

  return (
    <main className={css.page}>
      <p className={css.brand}>{shell.portalName}</p>
      <div className={css.panel}>
        <h1>{title}</h1>
        {screen.subtitle && <p className={css.lead}>{screen.subtitle}</p>}
        {screen.error && <Banner kind="error">{screen.error}</Banner>}
        {screen.step === 'done' || screen.step === 'unknown' ? (
          <>
            {screen.success && <Banner kind="success">{screen.success}</Banner>}
            {screen.unknown && <Banner kind="warning">{screen.unknown}</Banner>}
            <div className={css.actions}>
              <button type="button" className={button} onClick={() => send({ type: 'login.go' })}>
                {texts.signIn}
              </button>
            </div>
          </>
        ) : (
          <>
            <form
              ref={form}
              key={screen.step}
              noValidate
              aria-busy={screen.busy}
              onSubmit={(e) => {
                e.preventDefault()
                send({ type: screen.step === 'ask' ? 'ask.submit' : 'confirm.submit' })
              }}
            >
              {screen.step === 'ask' ? (
                <Field
                  label={texts.compteLabel}
                  placeholder={texts.comptePlaceholder}
                  name="compte"
                  {...screen.inputs.compte}
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={screen.values.compte}
                  error={screen.errors.compte}
                  onValueChange={change('compte')}
                />
              ) : (
                <Field
                  label={texts.tokenLabel}
                  placeholder={texts.tokenPlaceholder}
                  name="token"
                  {...screen.inputs.token}
                  value={screen.values.token}
                  error={screen.errors.token}
                  onValueChange={change('token')}
                />
              )}
              <div className={css.actions}>
                {/* Disabled only in the prerendered page, until its scripts run (useHydrated). */}
                <button type="submit" className={button} aria-disabled={screen.busy} disabled={!hydrated}>
                  {screen.busy && <Spinner />}
                  {screen.step === 'ask' ? texts.askSubmit : texts.confirmSubmit}
                </button>
              </div>
            </form>
            <p className={css.footerLink}>
              <Link to="/login">{texts.backToLogin}</Link>
            </p>
          </>
        )}
      </div>
    </main>
  )
}
