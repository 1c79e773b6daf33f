import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { loginMachine } from '../../../machines/login'
import { FIELD_MAX_LENGTH } from '../../../machines/limits'
import { login, shell } from '../../../machines/messages'
import { authenticate } from '../../api/actors'
import { bankName } from '../../config'
import { inspect } from '../../inspect/inspector'
import { useSession } from '../../session/session'
import { Field } from '../../ui/Field'
import { Banner, Spinner } from '../../ui/Feedback'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { usePageTitle } from '../../ui/usePageTitle'
import { button } from '../../ui/ui.css'
import * as css from '../public.css'
import { prefetchSignedIn } from '../signedInChunks'

const machine = loginMachine.provide({ actors: { authenticate } })

/** spec §2 /login and §4 Login: the view renders the login machine and sends it events. */
export function LoginPage() {
  usePageTitle(login.title)
  const session = useSession()
  const [snapshot, send] = useMachine(machine, { input: { provider: bankName() }, inspect: inspect() })
  const { values, errors, error } = snapshot.context
  const busy = snapshot.matches('authenticating')
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, errors)

  useEffect(() => {
    if (snapshot.status === 'done' && snapshot.output) session.send({ type: 'session.start', ...snapshot.output })
  }, [snapshot.status, snapshot.output, session])

  return (
    <main className={css.page}>
      <p className={css.brand}>{shell.portalName}</p>
      <div className={css.panel}>
        <h1>{login.title}</h1>
        {error && <Banner kind="error">{error}</Banner>}
        <form
          ref={form}
          noValidate
          aria-busy={busy}
          // The customer is starting to sign in: fetch what the dashboard needs meanwhile.
          onFocus={prefetchSignedIn}
          onInput={prefetchSignedIn}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'login.submit' })
          }}
        >
          <Field
            label={login.userCodeLabel}
            placeholder={login.userCodePlaceholder}
            name="username"
            maxLength={FIELD_MAX_LENGTH.userCode}
            autoComplete="username"
            autoCapitalize="characters"
            spellCheck={false}
            value={values.username}
            error={errors.username}
            onValueChange={(value) => send({ type: 'field.change', field: 'username', value })}
          />
          <Field
            label={login.pinLabel}
            placeholder={login.pinPlaceholder}
            name="password"
            maxLength={FIELD_MAX_LENGTH.pin}
            type="password"
            inputMode="numeric"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onValueChange={(value) => send({ type: 'field.change', field: 'password', value })}
          />
          <div className={css.actions}>
            <button type="submit" className={button} aria-disabled={busy}>
              {busy && <Spinner label={login.loading} />}
              {login.submit}
            </button>
          </div>
        </form>
        <p className={css.footerLink}>
          <Link to="/reinit-password">{login.forgotPin}</Link>
        </p>
      </div>
    </main>
  )
}
