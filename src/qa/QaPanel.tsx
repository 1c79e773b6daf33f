import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { qa as texts } from './qa.texts'
import type { Inspection } from '../inspect/inspection'
import { buttonSecondary } from '../ui/controls.css'
import { ActorCard } from './ActorCard'
import * as css from './qa.css'

const PANEL_ID = 'qa-panel'

/**
 * The offline QA panel (docs/qa.md): a toggle in a corner of every screen, and a panel listing the
 * live actors with what the store describes of them. Closed, it reads nothing from the store.
 */
export function QaPanel({ inspection }: { inspection: Inspection }) {
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const title = useRef<HTMLHeadingElement>(null)

  // Opening moves focus to the panel's title, closing gives it back to the toggle.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open) title.current?.focus()
    else if (wasOpen.current) toggle.current?.focus()
    wasOpen.current = open
  }, [open])

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
        <section id={PANEL_ID} aria-labelledby="qa-title" className={css.panel} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
          <div className={css.header}>
            <h2 id="qa-title" ref={title} tabIndex={-1} className={css.title}>
              {texts.title}
            </h2>
            <button type="button" className={buttonSecondary} aria-expanded={true} aria-controls={PANEL_ID} onClick={() => setOpen(false)}>
              {texts.close}
            </button>
          </div>
          <p className={css.intro}>{texts.intro}</p>
          <LiveActors inspection={inspection} />
        </section>
      )}
    </aside>
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
