import { useState } from 'react'
import { dateField } from '../../machines/messages'
import { dateToText, textToDate } from './dateText'
import { Field } from './Field'

type Props = { name: string; label: string; value: string; error?: string | undefined; onValueChange: (value: string) => void }

/**
 * A date typed as jj/mm/aaaa in a text input, whatever the browser's language (see dateText.ts).
 * The text shown is the customer's own while they type; it is rewritten as jj/mm/aaaa only when the
 * form's value changes from elsewhere (the default dates, a reset).
 */
export function DateField({ name, label, value, error, onValueChange }: Props) {
  const [typed, setTyped] = useState<{ text: string; value: string } | null>(null)
  const text = typed && typed.value === value ? typed.text : dateToText(value)
  return (
    <Field
      name={name}
      label={`${label} (${dateField.placeholder})`}
      placeholder={dateField.placeholder}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      value={text}
      error={error}
      onValueChange={(next) => {
        const date = textToDate(next)
        setTyped({ text: next, value: date })
        onValueChange(date)
      }}
    />
  )
}
