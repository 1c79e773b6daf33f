import { useEffect, type RefObject } from 'react'

/** After a refused submit, focus moves to the first field in error so keyboard users land on it. */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: object): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [form, errors])
}
