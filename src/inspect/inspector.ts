import type { InspectionEvent, Observer } from 'xstate'

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

let current: Inspect | undefined

/**
 * The Stately inspector, only in an inspector build (`npm run dev:inspect`, or a QA build with
 * VITE_INSPECT=true). Vite replaces the flag at build time, so a production build contains
 * neither this import nor the inspector.
 */
export async function startInspector(): Promise<void> {
  if (import.meta.env.VITE_INSPECT !== 'true') return
  const [{ createBrowserInspector }, { maskSecrets }] = await Promise.all([import('@statelyai/inspect'), import('./mask')])
  current = createBrowserInspector({ sanitizeContext: maskSecrets, sanitizeEvent: maskSecrets }).inspect
}

/** Given to every actor the app creates (`createActor(m, { inspect: inspect() })`). */
export const inspect = (): Inspect | undefined => current
