import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { pinVisibility } from '../../machines/messages/core'
import { PinVisibilityIcon } from './PinVisibilityIcon'
import * as css from './ui.css'
import { useTypedBeforeHydration } from './useTypedBeforeHydration'

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  /** The message of the first broken rule; shown only once the machine says so (after a submit). */
  error?: string | undefined
  /** Help or live information under the field (e.g. the holder of the account typed). */
  hint?: ReactNode
  /**
   * The id of a message shown elsewhere that is about this field (the bank's refusal of a code, in
   * the banner above the form): the field is then marked invalid and described by it too.
   */
  errorElsewhere?: string | undefined
  onValueChange: (value: string) => void
}

/**
 * A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby).
 * A secret (type="password": the PIN fields) gets a show/hide toggle: a button whose name stays
 * "Afficher le code" and whose aria-pressed says whether the code shows, the pattern screen readers
 * announce best (a name that changes on press is read as a different button).
 */
export function Field({ label, value, error, hint, errorElsewhere, onValueChange, ...inputProps }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const typedBeforeHydration = useTypedBeforeHydration(value, onValueChange)
  const describedBy = [error && errorId, errorElsewhere, hint && hintId].filter(Boolean).join(' ') || undefined
  const secret = inputProps.type === 'password'
  const [shown, setShown] = useState(false)
  const input = (
    <input
      {...inputProps}
      ref={typedBeforeHydration}
      type={secret && shown ? 'text' : inputProps.type}
      id={id}
      className={css.input}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      aria-invalid={error || errorElsewhere ? true : undefined}
      aria-describedby={describedBy}
    />
  )
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      {secret ? (
        <div className={css.secretRow}>
          {input}
          <button
            type="button"
            className={css.secretToggle}
            aria-label={pinVisibility.show}
            title={shown ? pinVisibility.hide : pinVisibility.show}
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((now) => !now)}
          >
            <PinVisibilityIcon shown={shown} />
          </button>
        </div>
      ) : (
        input
      )}
      {error && (
        <span id={errorId} className={css.fieldError}>
          {error}
        </span>
      )}
      {hint && (
        <span id={hintId} className={css.fieldHint} role="status">
          {hint}
        </span>
      )}
    </div>
  )
}

type SelectProps = {
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  /** The first, empty choice ("choose…"), so that no account is picked for the customer. */
  placeholder: string
  error?: string | undefined
  name: string
  onValueChange: (value: string) => void
}

/** A labelled native select (keyboard and screen-reader friendly on every phone). */
export function Select({ label, value, options, placeholder, error, name, onValueChange }: SelectProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={css.input}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={errorId} className={css.fieldError}>
          {error}
        </span>
      )}
    </div>
  )
}
