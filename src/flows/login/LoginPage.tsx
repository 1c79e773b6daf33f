import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import { loginMachine } from '../../../machines/login/login.machine'
import { loginScreen } from '../../../machines/login/login.screen'
import { FIELD_MAX_LENGTH } from '../../../machines/limits'
import { login, shell } from '../../../machines/messages'
import { authenticate } from '../../api/actors'
import { bankName } from '../../config'
import { Field } from '../../ui/Field'
import { Banner, Spinner } from '../../ui/Feedback'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { usePageTitle } from '../../ui/usePageTitle'
import { useHydrated } from '../../ui/useHydrated'
import { button } from '../../ui/ui.css'
import * as css from '../public.css'
import { useFlow } from '../useFlow'
import { prefetchSignedIn } from '../signedInChunks'

/** spec §2 /login and §4 Login: the view renders the login machine and sends it events. */
export function LoginPage() {
  usePageTitle(login.title)
  const [snapshot, send] = useFlow(loginMachine, { actors: { authenticate }, input: { provider: bankName() } })
  const { busy, values, errors, error } = loginScreen(snapshot)
  const form = useRef<HTMLFormElement>(null)
  const hydrated = useHydrated()
  useFocusFirstError(form, errors)

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
            {/* Disabled only in the prerendered page, until its scripts run (useHydrated). */}
            <button type="submit" className={button} aria-disabled={busy} disabled={!hydrated}>
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
