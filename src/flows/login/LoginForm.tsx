import { useRef, type ReactNode } from 'react'
import type { LoginEvent } from '../../../machines/login/login.types'
import type { LoginScreen } from '../../../machines/login/login.screen'
import { login, portalName } from '../../../machines/messages/core'
import { Field } from '../../ui/Field'
import { Banner, Spinner } from '../../ui/Feedback'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { usePageTitle } from '../../ui/usePageTitle'
import { useHydrated } from '../../ui/useHydrated'
import { button } from '../../ui/ui.css'
import * as css from '../public.css'

interface LoginFormProps {
  screen: LoginScreen
  send: (event: LoginEvent) => void
  /** The link to the forgotten-PIN page, as the page that holds the form navigates. */
  forgotPinLink: ReactNode
}

/**
 * spec §2 /login and §4 Login: the sign-in screen renders the login machine's screen model and sends
 * it events. Shared by the sign-in page's own entry (src/signIn.tsx, no router) and the app's
 * /login route (LoginPage.tsx), which differ only in how the page around the form navigates.
 */
export function LoginForm({ screen, send, forgotPinLink }: LoginFormProps) {
  usePageTitle(login.title)
  const { busy, values, errors, error, inputs } = screen
  const form = useRef<HTMLFormElement>(null)
  const hydrated = useHydrated()
  useFocusFirstError(form, errors)

  return (
    <main className={css.page}>
      <p className={css.brand}>{portalName}</p>
      <div className={css.panel}>
        <h1>{login.title}</h1>
        {error && <Banner kind="error">{error}</Banner>}
        <form
          ref={form}
          noValidate
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'login.submit' })
          }}
        >
          <Field
            label={login.userCodeLabel}
            placeholder={login.userCodePlaceholder}
            name="username"
            {...inputs.username}
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
            {...inputs.password}
            type="password"
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
        <p className={css.footerLink}>{forgotPinLink}</p>
      </div>
    </main>
  )
}
