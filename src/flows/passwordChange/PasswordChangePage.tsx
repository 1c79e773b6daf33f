import { useRef } from 'react'
import { FIELD_MAX_LENGTH } from '../../../machines/limits'
import { password as texts } from '../../../machines/messages'
import { passwordChangeMachine } from '../../../machines/passwordChange/passwordChange.machine'
import { passwordChangeScreen } from '../../../machines/passwordChange/passwordChange.screen'
import type { PasswordField } from '../../../machines/passwordChange/passwordChange.types'
import { Field } from '../../ui/Field'
import { Banner, Spinner } from '../../ui/Feedback'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { usePageTitle } from '../../ui/usePageTitle'
import { card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import { useFlow } from '../useFlow'
import { changePassword } from './actors'
import { ResultUnknown } from './ResultUnknown'

/** The three fields of the form, in the order of the screen (spec §2 /app/update-password). */
const passwordFields: { name: PasswordField; label: string; autoComplete: 'current-password' | 'new-password' }[] = [
  { name: 'oldPassword', label: texts.oldPasswordLabel, autoComplete: 'current-password' },
  { name: 'password', label: texts.passwordLabel, autoComplete: 'new-password' },
  { name: 'password2', label: texts.password2Label, autoComplete: 'new-password' },
]

/** spec §2 /app/update-password: the old password and the new one, twice. */
export function PasswordChangePage() {
  usePageTitle(texts.title)
  const [screen, send] = useFlow(passwordChangeMachine, { screen: passwordChangeScreen, actors: { changePassword } })
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, screen.errors)
  const change = (field: PasswordField) => (value: string) => send({ type: 'field.change', field, value })

  return (
    <>
      <h1>{texts.title}</h1>
      <section className={card} aria-label={texts.title}>
        <div aria-live="polite">{screen.success && <Banner kind="success">{screen.success}</Banner>}</div>
        {screen.error && <Banner kind="error">{screen.error}</Banner>}
        {screen.unknown ? (
          <ResultUnknown unknown={screen.unknown} onContinue={() => send({ type: 'unknown.continue' })} />
        ) : (
          <form
            ref={form}
            noValidate
            aria-busy={screen.busy}
            onSubmit={(e) => {
              e.preventDefault()
              send({ type: 'password.submit' })
            }}
          >
            {passwordFields.map(({ name, label, autoComplete }) => (
              <Field
                key={name}
                label={label}
                name={name}
                maxLength={FIELD_MAX_LENGTH.password}
                type="password"
                autoComplete={autoComplete}
                value={screen.values[name]}
                error={screen.errors[name]}
                onValueChange={change(name)}
              />
            ))}
            <button type="submit" className={button} aria-disabled={screen.busy}>
              {screen.busy && <Spinner />}
              {texts.submit}
            </button>
          </form>
        )}
      </section>
    </>
  )
}
