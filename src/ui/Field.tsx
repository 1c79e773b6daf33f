import { useId, type InputHTMLAttributes } from 'react'
import * as css from './ui.css'

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  /** The message of the first broken rule; shown only once the machine says so (after a submit). */
  error?: string | undefined
  onValueChange: (value: string) => void
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function Field({ label, value, error, onValueChange, ...inputProps }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className={css.input}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <span id={errorId} className={css.fieldError}>
          {error}
        </span>
      )}
    </div>
  )
}
