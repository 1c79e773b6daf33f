/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself: the shim only exists for
 * React 17 and older. Aliased in vite.config.ts so that the sign-in page does not download the
 * shim's fallback (its first screen's bytes count on a slow network).
 */
export { useSyncExternalStore } from 'react'
