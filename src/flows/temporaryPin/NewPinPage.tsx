import { useRef } from 'react'
import { passwordChangeMachine } from '../../../machines/passwordChange/passwordChange.machine'
import { passwordChangeScreen } from '../../../machines/passwordChange/passwordChange.screen'
import type { PasswordField } from '../../../machines/passwordChange/passwordChange.types'
import { Field } from '../../ui/Field'
import { Banner, Spinner } from '../../ui/Feedback'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { usePageTitle } from '../../ui/usePageTitle'
import { card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import { changePassword } from '../passwordChange/actors'
import { ResultUnknown } from '../passwordChange/ResultUnknown'
import { useSessionScreen } from '../../session/useSessionScreen'
import { useFlow } from '../useFlow'

/**
 * rulings §9.5 "Choisissez un nouveau code PIN": the PIN a reset sent opens this screen only; the
 * password change's machine and call (`mode: 'temporaryPin'`), the old value being the PIN received.
 * Once changed, the machine's `pinChanged` opens the rest of /app and goes on to the dashboard.
 */
function NewPinForm() {
  const [, intents] = useSessionScreen()
  const [screen, send] = useFlow(passwordChangeMachine, {
    screen: passwordChangeScreen,
    actors: { changePassword },
    // rulings §6.2: after a result unknown, the session ends as the shell's logout would (then /login).
    actions: { signOut: () => intents.confirmLogout() },
    input: { mode: 'temporaryPin' },
  })
  usePageTitle(screen.title)
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, screen.errors)
  const change = (field: PasswordField) => (value: string) => send({ type: 'field.change', field, value })

  return (
    <>
      <h1>{screen.title}</h1>
      <section className={card} aria-label={screen.title}>
        {screen.intro && !screen.unknown && <p>{screen.intro}</p>}
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
            {screen.fields.map(({ name, label, autoComplete, maxLength }) => (
              <Field
                key={name}
                label={label}
                name={name}
                maxLength={maxLength}
                type="password"
                autoComplete={autoComplete}
                value={screen.values[name]}
                error={screen.errors[name]}
                onValueChange={change(name)}
              />
            ))}
            <button type="submit" className={button} aria-disabled={screen.busy}>
              {screen.busy && <Spinner />}
              {screen.submit}
            </button>
          </form>
        )}
      </section>
    </>
  )
}

/**
 * /app/new-pin. Shown whatever the session knows yet: after a reload the session learns that the PIN
 * must be changed only from its first call's 403 code '3' (the flag is not kept in session storage),
 * and to a customer whose PIN is her own this form is simply a PIN change.
 */
export function NewPinPage() {
  return <NewPinForm />
}
