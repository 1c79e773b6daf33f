import { useMachine } from '@xstate/react'
import { useRef } from 'react'
import { FIELD_MAX_LENGTH } from '../../../machines/limits'
import { password as texts } from '../../../machines/messages'
import { passwordChangeMachine, passwordChangeScreen, type PasswordField } from '../../../machines/passwordChange'
import { inspect } from '../../inspect/inspector'
import { Field } from '../../ui/Field'
import { Banner, Spinner } from '../../ui/Feedback'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { usePageTitle } from '../../ui/usePageTitle'
import { button, card } from '../../ui/ui.css'
import { changePassword } from './actors'

const machine = passwordChangeMachine.provide({ actors: { changePassword } })

/** spec §2 /app/update-password: the old password and the new one, twice. */
export function PasswordChangePage() {
  usePageTitle(texts.title)
  const [snapshot, send] = useMachine(machine, { inspect: inspect() })
  const screen = passwordChangeScreen(snapshot)
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, screen.errors)
  const change = (field: PasswordField) => (value: string) => send({ type: 'field.change', field, value })

  return (
    <>
      <h1>{texts.title}</h1>
      <section className={card} aria-label={texts.title}>
        <div aria-live="polite">
          {screen.success && <Banner kind="success">{screen.success}</Banner>}
        </div>
        {screen.error && <Banner kind="error">{screen.error}</Banner>}
        <form
          ref={form}
          noValidate
          aria-busy={screen.busy}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'password.submit' })
          }}
        >
          <Field
            label={texts.oldPasswordLabel}
            name="oldPassword" maxLength={FIELD_MAX_LENGTH.password}
            type="password"
            autoComplete="current-password"
            value={screen.values.oldPassword}
            error={screen.errors.oldPassword}
            onValueChange={change('oldPassword')}
          />
          <Field
            label={texts.passwordLabel}
            name="password" maxLength={FIELD_MAX_LENGTH.password}
            type="password"
            autoComplete="new-password"
            value={screen.values.password}
            error={screen.errors.password}
            onValueChange={change('password')}
          />
          <Field
            label={texts.password2Label}
            name="password2" maxLength={FIELD_MAX_LENGTH.password}
            type="password"
            autoComplete="new-password"
            value={screen.values.password2}
            error={screen.errors.password2}
            onValueChange={change('password2')}
          />
          <button type="submit" className={button} aria-disabled={screen.busy}>
            {screen.busy && <Spinner />}
            {texts.submit}
          </button>
        </form>
      </section>
    </>
  )
}
