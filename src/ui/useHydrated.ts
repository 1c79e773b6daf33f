import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while React hydrates a page prerendered at build time (and in that render itself), true
 * once the page's scripts run it. A form prerendered into the first answer keeps its submit
 * button disabled until then: a click or Enter before the scripts would otherwise send the form
 * natively, the PIN in the address, instead of through its machine.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
