import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { qa as texts } from './qa.texts.ts'
import type { Inspection } from '../inspect/inspection'
import type { ActorView } from '../inspect/store'
import { buttonSecondary } from '../ui/controls.css'
import { ActorCard } from './ActorCard'
import * as css from './qa.css'

const PANEL_ID = 'qa-panel'

/** Where the panel sits when open: along the bottom, or a column on the right (from 700 px wide). */
export type Dock = 'bottom' | 'side'
/** The dock chosen, remembered in this browser. */
export const DOCK_KEY = 'qa-panel-dock'

function storedDock(): Dock {
  try {
    return localStorage.getItem(DOCK_KEY) === 'bottom' ? 'bottom' : 'side'
  } catch {
    return 'side'
  }
}

/**
 * The offline QA panel (docs/qa.md): a toggle in a corner of every screen, and a panel listing the
 * live actors with what the store describes of them. Closed, it reads nothing from the store.
 * Docked at the bottom or on the side, it never covers the screen: the page keeps room for it
 * (qa.css.ts, `data-qa-dock` on the root element), so that the form under test stays reachable.
 */
export function QaPanel({ inspection }: { inspection: Inspection }) {
  const [open, setOpen] = useState(false)
  const [dock, setDock] = useState<Dock>(storedDock)
  const toggle = useRef<HTMLButtonElement>(null)
  const title = useRef<HTMLHeadingElement>(null)

  // Opening moves focus to the panel's title, closing gives it back to the toggle.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open) title.current?.focus()
    else if (wasOpen.current) toggle.current?.focus()
    wasOpen.current = open
  }, [open])

  // The room the page keeps: the panel's, or the toggle's when closed.
  useEffect(() => {
    const root = document.documentElement
    root.dataset.qaDock = open ? dock : 'closed'
    return () => {
      delete root.dataset.qaDock
    }
  }, [open, dock])

  const chooseDock = (next: Dock) => {
    setDock(next)
    try {
      localStorage.setItem(DOCK_KEY, next)
    } catch {
      // Storage refused (private mode): the choice lasts until the page is left.
    }
  }

  return (
    <aside aria-label={texts.region}>
      {!open && (
        <button ref={toggle} type="button" className={css.toggle} aria-expanded={false} aria-controls={PANEL_ID} onClick={() => setOpen(true)}>
          {texts.toggle}
        </button>
      )}
      {open && (
        // Escape closes the panel from anywhere inside it, as a dialog does.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <section
          id={PANEL_ID}
          aria-labelledby="qa-title"
          className={css.panel[dock]}
          data-dock={dock}
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          <div className={css.header}>
            <h2 id="qa-title" ref={title} tabIndex={-1} className={css.title}>
              {texts.title}
            </h2>
            <div className={css.headerButtons}>
              <div role="group" aria-label={texts.dock} className={css.dockChoice}>
                {(['bottom', 'side'] as const).map((where) => (
                  <button key={where} type="button" className={buttonSecondary} aria-pressed={dock === where} onClick={() => chooseDock(where)}>
                    {where === 'bottom' ? texts.dockBottom : texts.dockSide}
                  </button>
                ))}
              </div>
              <button type="button" className={buttonSecondary} aria-expanded={true} aria-controls={PANEL_ID} onClick={() => setOpen(false)}>
                {texts.close}
              </button>
            </div>
          </div>
          <p className={css.intro}>{texts.intro}</p>
          <LiveActors inspection={inspection} />
        </section>
      )}
    </aside>
  )
}

/** The signed-in customer's user code, as the session machine keeps it (not a secret: the shell shows it). */
function signedInCustomer(actors: ActorView[]): string {
  const session = actors.find((actor) => actor.machine === 'session')
  const user = (session?.data as { user?: { kcode?: unknown } | null } | undefined)?.user
  return typeof user?.kcode === 'string' ? user.kcode : ''
}

/**
 * The demo server's fault panel for one customer (rulings §9.8): a field holding the signed-in
 * customer's code until QA types another, and a link opening /__dev/faults.html with it, where the
 * scenarios and the custom form are then scoped to that customer.
 */
function CustomerFaults({ signedIn }: { signedIn: string }) {
  const [typed, setTyped] = useState<string | null>(null)
  const customer = (typed ?? signedIn).trim().toUpperCase()
  const href = customer ? `/__dev/faults.html?${new URLSearchParams({ customer })}` : '/__dev/faults.html'
  return (
    <section aria-labelledby="qa-faults-title" className={css.faults}>
      <h3 id="qa-faults-title" className={css.sectionTitle}>
        {texts.faultsTitle}
      </h3>
      <label htmlFor="qa-fault-customer" className={css.term}>
        {texts.faultsCustomer}
      </label>
      <p id="qa-fault-customer-hint" className={css.muted}>
        {texts.faultsHint}
      </p>
      <input
        id="qa-fault-customer"
        className={css.input}
        value={typed ?? signedIn}
        onChange={(event) => setTyped(event.target.value)}
        aria-describedby="qa-fault-customer-hint"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
      />
      <a href={href} target="_blank" rel="noopener" className={css.faultsLink}>
        {customer ? texts.faultsOpen(customer) : texts.faultsOpenAll}
      </a>
    </section>
  )
}

function LiveActors({ inspection }: { inspection: Inspection }) {
  const { store, stately } = inspection
  const version = useSyncExternalStore(store.subscribe, store.version)
  // `version` changes when the store does: it is what makes the memo read the store again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const actors = useMemo(() => store.views(), [store, version])
  const names = new Map(actors.map((actor) => [actor.sessionId, `${actor.machine ?? actor.id} (${actor.id})`]))
  return (
    <>
      <CustomerFaults signedIn={signedInCustomer(actors)} />
      <div className={css.stately}>
        <span>
          {texts.stately} : {texts.statelyStatus[stately.status()]}
        </span>
        {stately.status() !== 'connected' && stately.status() !== 'none' && (
          <button type="button" className={buttonSecondary} onClick={stately.open}>
            {texts.statelyOpen}
          </button>
        )}
      </div>
      {actors.length === 0 && <p>{texts.noActor}</p>}
      {actors.map((actor) => (
        <ActorCard key={actor.sessionId} actor={actor} parentName={actor.parentId ? (names.get(actor.parentId) ?? null) : null} />
      ))}
    </>
  )
}
