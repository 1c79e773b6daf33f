/**
 * The inspection of an inspector build (VITE_INSPECT=true): one observer, given to every actor,
 * that feeds both the Stately inspector and the QA panel's store, masked on both paths. Loaded
 * only by `startInspector` behind the build flag, so a production bundle holds none of this.
 *
 * The Stately side is @statelyai/inspect's `createInspector` over an adapter: the hosted
 * inspector's window in the app (`PopupAdapter`), a capturing one in the tests.
 */
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect'
import type { AnyEventObject, InspectionEvent, MachineContext, Observer } from 'xstate'
import { maskSecrets, toMaskedJson } from './mask'
import { PopupAdapter, type StatelyAdapter, type StatelyStatus } from './popup'
import { createQaStore, type QaStore } from './store'

export interface Inspection {
  /** The observer given to `createActor(…, { inspect })`. */
  inspect: Observer<InspectionEvent>
  store: QaStore
  /** The hosted inspector's window: its status, and a way to open it again (QA panel's button). */
  stately: { status: () => StatelyStatus | 'none'; open: () => void }
}

/**
 * The masking given to the Stately inspector. `sanitizeContext` and `sanitizeEvent` cover a
 * machine's context and events; they do not reach a promise actor's `input` and `output` (the
 * confirm call's input holds the validation code, the login answer the session token), so
 * `serialize`, which sees the whole inspection event last, masks everything once more.
 */
const statelyMasking = {
  sanitizeContext: (context: MachineContext) => maskSecrets(context),
  sanitizeEvent: (event: AnyEventObject) => maskSecrets(event),
  serialize: (event: StatelyInspectionEvent) => toMaskedJson(event),
}

/** Observer calls run inside the actors' transitions: an inspector's failure must not stop the app. */
function safely(step: () => void): void {
  try {
    step()
  } catch (error) {
    console.warn('inspection:', error)
  }
}

export function createInspection(adapter: StatelyAdapter & { status?: StatelyStatus; open?: () => void }): Inspection {
  const store = createQaStore()
  const stately = createInspector(adapter, statelyMasking)
  safely(() => stately.start())
  return {
    inspect: {
      next: (event) => {
        safely(() => store.record(event))
        safely(() => stately.inspect.next?.(event))
      },
    },
    store,
    stately: {
      status: () => adapter.status ?? 'none',
      open: () => safely(() => adapter.open?.()),
    },
  }
}

let current: Inspection | undefined

/**
 * The app's inspection. Under `npm run dev:inspect` (Vite's dev server) the hosted inspector's
 * window opens at once; in a QA build, from the QA panel's button (see `PopupAdapter`).
 */
export function startInspection(): Inspection {
  if (!current) {
    const adapter = new PopupAdapter({ openAtStart: import.meta.env.DEV, onStatus: () => current?.store.touch() })
    current = createInspection(adapter)
  }
  return current
}

/** The app's inspection, once started (the QA panel reads it). */
export const currentInspection = (): Inspection | undefined => current
