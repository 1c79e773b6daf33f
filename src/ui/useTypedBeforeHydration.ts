import { useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * What the customer typed into a prerendered field before the page's scripts ran is kept: React
 * leaves the field's text as it is when it hydrates, but the flow's machine still holds the empty
 * value, and the next render would write that back over the text. So, once, at mount, a field whose
 * text differs from the machine's value sends its text to the machine as a change. On a page
 * rendered by the browser the two are equal and nothing is sent. (React offers no hook for it.)
 */
export function useTypedBeforeHydration(value: string, onValueChange: (value: string) => void): RefObject<HTMLInputElement | null> {
  const ref = useRef<HTMLInputElement>(null)
  const first = useRef({ value, onValueChange })
  useLayoutEffect(() => {
    const typed = ref.current?.value
    if (typed !== undefined && typed !== first.current.value) first.current.onValueChange(typed)
  }, [])
  return ref
}
