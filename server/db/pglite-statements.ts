import { parse, protocol, type PGlite } from '@electric-sql/pglite'
import { prepareValue } from 'pg/lib/utils.js'
import type { Row } from './types.ts'

/**
 * The embedded driver's queries as named prepared statements, each call one message to the
 * database instead of six.
 *
 * PGlite's own `query()` sends an unnamed statement in five steps (parse, describe the statement,
 * bind, describe the portal, execute), each a call into the WebAssembly backend, and PostgreSQL
 * parses, analyses and plans the SQL again at every call: ~100 µs of a key lookup's ~160 µs
 * measured on PGlite. Here each SQL text is parsed once per database, under a name, and a call is
 * bind + describe + execute + sync in one message, as `pg` (node-postgres) sends them to a server.
 * PostgreSQL keeps the statement's plan (custom plans first, then its generic plan when that is
 * not dearer, its usual rule for prepared statements).
 *
 * Parameters are converted by `pg`'s own `prepareValue`, so both drivers send a JavaScript value
 * to the database the same way (a Date as a timestamp with its offset, a Buffer as bytes, an array
 * as an array literal, an object as JSON); rows are parsed by PGlite's own parsers, as before.
 * The protocol messages are PGlite's (`protocol.serialize`); only their batching is ours, which
 * PGlite's backend supports (it runs every message of one buffer).
 */

/** Statements kept per database; the least recently used beyond it are closed (dynamic SQL texts). */
const KEPT_STATEMENTS = 500

const { serialize } = protocol

export interface PreparedStatements {
  /** Runs one statement; `syncToFs` after a call outside a transaction, as PGlite's query does. */
  run<T extends Row>(sql: string, params: readonly unknown[], syncToFs: boolean): Promise<T[]>
  /** Forgets every statement (after DDL: a kept statement's result type may no longer hold). */
  forgetAll(): void
}

export function preparedStatements(pg: PGlite): PreparedStatements {
  // SQL text → statement name, in order of last use (a Map keeps insertion order).
  const kept = new Map<string, string>()
  // Statements to close with the next call (evicted, forgotten, or whose parse may have failed).
  let toClose: string[] = []
  let next = 0

  return {
    async run<T extends Row>(sql: string, params: readonly unknown[], syncToFs: boolean): Promise<T[]> {
      const parts: Uint8Array[] = toClose.map((name) => serialize.close({ type: 'S', name }))
      toClose = []
      let name = kept.get(sql)
      const parsedNow = name === undefined
      if (name === undefined) {
        name = `statement_${next++}`
        parts.push(serialize.parse({ name, text: sql }))
        if (kept.size >= KEPT_STATEMENTS) {
          const [oldestSql, oldest] = kept.entries().next().value as [string, string]
          kept.delete(oldestSql)
          toClose.push(oldest)
        }
      } else {
        kept.delete(sql)
      }
      kept.set(sql, name)
      const values = params.map((value) => prepareValue(value))
      parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute(), serialize.sync())
      try {
        const { messages } = await pg.execProtocol(concat(parts), { syncToFs })
        return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[]
      } catch (error) {
        // Whether the parse itself failed is not known: the name is dropped and closed (closing a
        // statement that does not exist is not an error), and the next call parses it again.
        if (parsedNow) {
          kept.delete(sql)
          toClose.push(name)
        }
        throw error
      }
    },
    forgetAll() {
      toClose.push(...kept.values())
      kept.clear()
    },
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
