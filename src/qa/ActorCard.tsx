import { clsx } from 'clsx'
import { qa as texts } from './qa.texts'
import type { ActorView, SeenEvent } from '../inspect/store'
import * as css from './qa.css'

/** An event's data in one line, cut short: the whole of it is in the context below. */
const EVENT_DATA_CHARS = 240
function eventData({ data }: SeenEvent): string | null {
  if (Object.keys(data).length === 0) return null
  const line = JSON.stringify(data)
  return line.length > EVENT_DATA_CHARS ? `${line.slice(0, EVENT_DATA_CHARS)}…` : line
}

/** One live actor: what it is, where it stands (in the spec's words), what it got and accepts. */
export function ActorCard({ actor, parentName }: { actor: ActorView; parentName: string | null }) {
  const titleId = `qa-actor-${actor.sessionId}`
  const name = actor.machine ?? actor.id
  return (
    <article aria-labelledby={titleId} className={clsx(css.actor, css.depth[Math.min(actor.depth, 2) as 0 | 1 | 2])}>
      <h3 id={titleId} className={css.actorTitle}>
        {name} <span className={css.muted}>({actor.id})</span>
      </h3>
      <dl className={css.facts}>
        <dt className={css.term}>{texts.machine}</dt>
        <dd className={css.fact}>{actor.machine ?? texts.notAMachine}</dd>
        {parentName && (
          <>
            <dt className={css.term}>{texts.parent}</dt>
            <dd className={css.fact}>{parentName}</dd>
          </>
        )}
        {actor.machine ? (
          <>
            <dt className={css.term}>{texts.state}</dt>
            <dd className={clsx(css.fact, css.code)}>{actor.leaves.join(', ')}</dd>
          </>
        ) : (
          <>
            <dt className={css.term}>{texts.status}</dt>
            <dd className={clsx(css.fact, css.code)}>{actor.status}</dd>
          </>
        )}
      </dl>

      {actor.nodes.length > 0 && (
        <details open>
          <summary className={css.summary}>{texts.specNodes}</summary>
          <ul className={css.list}>
            {actor.nodes.map((node) => (
              <li key={node.path}>
                <code className={css.code}>{node.path}</code> — {node.spec ?? <span className={css.muted}>{texts.noSpec}</span>}
                {node.description && <div className={css.muted}>{node.description}</div>}
              </li>
            ))}
          </ul>
        </details>
      )}

      <h4 className={css.sectionTitle}>{texts.lastEvents}</h4>
      {actor.events.length === 0 ? (
        <p className={css.muted}>{texts.noEvent}</p>
      ) : (
        <ol className={css.list}>
          {actor.events.map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <code className={css.code}>{event.type}</code>
              {eventData(event) && <div className={clsx(css.code, css.muted)}>{eventData(event)}</div>}
            </li>
          ))}
        </ol>
      )}

      <details>
        <summary className={css.summary}>{actor.machine ? texts.context : texts.input}</summary>
        <pre className={css.json}>{JSON.stringify(actor.data, null, 2)}</pre>
      </details>

      {actor.machine && (
        <>
          <h4 className={css.sectionTitle}>{texts.accepts}</h4>
          {actor.accepts.length === 0 ? (
            <p className={css.muted}>{texts.noAccepted}</p>
          ) : (
            <ul className={css.list}>
              {actor.accepts.map((event) => (
                <li key={event.type}>
                  <code className={css.code}>{event.type}</code> —{' '}
                  <span className={event.allowed ? css.verdict.allowed : css.verdict.refused}>{event.allowed ? texts.allowed : texts.refused}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </article>
  )
}
