import { useSyncExternalStore } from 'react'

/** Spec §9, REQ-CONST-04: the session-expired toast shows 3 s, the others 5 s; newest on top, top right. */
const TOAST_MS = 5_000
export const EXPIRY_TOAST_MS = 3_000

export type Toast = { id: number; title: string; text?: string; kind: 'info' | 'success' | 'warning'; durationMs: number }

let toasts: Toast[] = []
const NO_TOASTS: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()
const publish = () => listeners.forEach((l) => l())

export const toaster = {
  show(toast: Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number }): void {
    toasts = [{ durationMs: TOAST_MS, ...toast, id: nextId++ }, ...toasts]
    publish()
  },
  dismiss(id: number): void {
    toasts = toasts.filter((t) => t.id !== id)
    publish()
  },
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => toasts,
    // A page prerendered at build time (src/prerender.tsx) has no toast.
    () => NO_TOASTS,
  )
}
