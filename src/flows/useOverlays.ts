import { useEffect, useSyncExternalStore } from 'react'
import { afterFirstScreen, fetchAhead } from '../page'

/**
 * The lazy overlays chunk (src/flows/overlays.ts: the Radix dialogs and toasts). Not in the first
 * bytes of any page: fetched once the signed-in app is usable and the browser idle
 * (`prefetchOverlays`), or as soon as a dialog or a toast is wanted before that. Once here it stays
 * (an expiry toast or the session warning then needs no network). A failed fetch is not kept: the
 * next need asks again.
 */
type Overlays = typeof import('./overlays')

let overlays: Overlays | undefined
let loading: Promise<Overlays> | undefined
const listeners = new Set<() => void>()

export function loadOverlays(): Promise<Overlays> {
  loading ??= import('./overlays').then(
    (module) => {
      overlays = module
      listeners.forEach((listener) => listener())
      return module
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

let prefetching = false

/** Once the page is usable and the link idle (src/page.ts): the chunk, before any need of it. Once. */
export function prefetchOverlays(): void {
  if (prefetching) return
  prefetching = true
  // A failed prefetch is not an error: the first need asks again.
  void afterFirstScreen()
    .then(() => fetchAhead(loadOverlays))
    .catch(() => undefined)
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The overlays once loaded (undefined before, and in a page prerendered at build time); `needed` fetches them. */
export function useOverlays(needed: boolean): Overlays | undefined {
  const loaded = useSyncExternalStore(
    subscribe,
    () => overlays,
    () => undefined,
  )
  useEffect(() => {
    if (needed && !loaded) loadOverlays().catch(() => undefined)
  }, [needed, loaded])
  return loaded
}
