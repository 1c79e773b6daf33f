import type { InspectionEvent, Observer } from 'xstate'

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

let current: Inspect | undefined

/**
 * The inspection (Stately inspector and QA panel), only in an inspector build (`npm run
 * dev:inspect`, or `npm run build:qa`: VITE_INSPECT=true). Vite replaces the flag at build time, so
 * a production build drops this branch, and with it the dynamic import: the production bundle
 * holds no chunk of the inspector (test/e2e/qa.test.ts checks it). Called before any actor exists.
 */
export async function startInspector(): Promise<void> {
  if (import.meta.env.VITE_INSPECT !== 'true' || current) return
  const { startInspection } = await import('./inspection')
  // Once per page: the sign-in page starts it, and the app it hands over to finds it running.
  current ??= startInspection().inspect
}

/** Given to every actor the app creates (`createActor(m, { inspect: inspect() })`). */
export const inspect = (): Inspect | undefined => current
