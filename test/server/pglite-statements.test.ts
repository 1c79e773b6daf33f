/**
 * The embedded driver's prepared statements (server/db/pglite-statements.ts): each SQL text parsed
 * once and kept, parameters converted as `pg` converts them, and every case where a kept statement
 * must not outlive what it was made for (a failed parse, DDL, a closed transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db/db.ts'

let db: Db
beforeAll(async () => {
  db = await openDb({})
  await db.exec('create table kept (id int primary key, label text, at timestamptz, data bytea, doc jsonb, tags text[])')
})
afterAll(() => db?.close())

/** Statements this connection has prepared by name (PostgreSQL's own view of them). */
const prepared = async () =>
  (await db.query<{ statement: string }>("select statement from pg_prepared_statements where name like 'statement_%'")).map((r) => r.statement)

describe('the embedded driver prepares each statement once', () => {
  it('runs the same text many times under one prepared statement', async () => {
    const sql = 'select $1::int + 1 as n'
    for (let i = 0; i < 10; i++) expect(await db.query(sql, [i])).toEqual([{ n: i + 1 }])
    expect((await prepared()).filter((s) => s === sql)).toHaveLength(1)
  })

  it('sends each kind of value as pg does, and reads it back as before', async () => {
    const at = new Date('2026-11-25T10:15:30.123Z')
    const bytes = Buffer.from([0, 1, 2, 254, 255])
    await db.query('insert into kept (id, label, at, data, doc, tags) values ($1, $2, $3, $4, $5, $6)', [
      1,
      'Dépôt « été » 5 000,00 $',
      at,
      bytes,
      { a: 1, b: ['x', null] },
      ['un', 'deux "trois"', null],
    ])
    const [row] = await db.query<{ label: string; at: Date; data: Uint8Array; doc: unknown; tags: (string | null)[]; big: number }>(
      'select label, at, data, doc, tags, $2::bigint as big from kept where id = $1',
      [1n, 9007199254740991n],
    )
    expect(row!.label).toBe('Dépôt « été » 5 000,00 $')
    expect(row!.at.toISOString()).toBe(at.toISOString())
    expect(Buffer.from(row!.data)).toEqual(bytes)
    expect(row!.doc).toEqual({ a: 1, b: ['x', null] })
    expect(row!.tags).toEqual(['un', 'deux "trois"', null])
    expect(row!.big).toBe(9007199254740991)
    expect(await db.query('select $1::text is null as none, $2::boolean as yes', [null, true])).toEqual([{ none: true, yes: true }])
  })

  it('answers no rows for a write without RETURNING, and the count of a write with it', async () => {
    expect(await db.query('update kept set label = $1 where id = $2', ['autre', 1])).toEqual([])
    expect(await db.query('update kept set label = $1 where id = $2 returning id', ['encore', 1])).toEqual([{ id: 1 }])
  })

  it('a statement that fails to parse is not kept: the error stands, and the connection goes on', async () => {
    await expect(db.query('select no_such_column from kept where id = $1', [1])).rejects.toThrow(/no_such_column/)
    await expect(db.query('select no_such_column from kept where id = $1', [1])).rejects.toThrow(/no_such_column/)
    expect(await db.query('select $1::int as n', [7])).toEqual([{ n: 7 }])
  })

  it('a value the statement refuses fails that call only; the same statement then runs', async () => {
    const sql = 'select $1::int as n'
    await expect(db.query(sql, ['pas un nombre'])).rejects.toThrow(/integer/)
    expect(await db.query(sql, [3])).toEqual([{ n: 3 }])
  })

  it('DDL run through exec makes the kept statements be prepared again (their rows may have changed)', async () => {
    const sql = 'select * from kept where id = $1'
    expect(Object.keys((await db.query(sql, [1]))[0]!)).not.toContain('extra')
    await db.exec('alter table kept add column extra text')
    expect(Object.keys((await db.query(sql, [1]))[0]!)).toContain('extra')
  })

  it('in a transaction: statements see its writes, a rollback undoes them, and a closed transaction refuses more', async () => {
    let leaked: { query: Db['query'] } | undefined
    await expect(
      db.transaction(async (tx) => {
        leaked = tx
        await tx.query('insert into kept (id, label) values ($1, $2)', [2, 'dans la transaction'])
        expect(await tx.query('select label from kept where id = $1', [2])).toEqual([{ label: 'dans la transaction' }])
        throw new Error('annulée')
      }),
    ).rejects.toThrow('annulée')
    expect(await db.query('select label from kept where id = $1', [2])).toEqual([])
    await expect(leaked!.query('select 1')).rejects.toThrow(/closed/)
  })

  it('a statement outside waits for a transaction to end (it never runs inside it)', async () => {
    let outsideSaw: unknown
    await db.transaction(async (tx) => {
      await tx.query('insert into kept (id, label) values ($1, $2)', [3, 'pas encore validée'])
      const outside = db.query('select count(*)::int as n from kept where id = $1', [3]).then((rows) => (outsideSaw = rows))
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(outsideSaw).toBeUndefined()
      await tx.query('delete from kept where id = $1', [3])
      void outside
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(outsideSaw).toEqual([{ n: 0 }])
  })

  it('keeps at most a bounded number of statements (dynamic texts do not grow the connection for ever)', async () => {
    for (let i = 0; i < 520; i++) await db.query(`select ${i} as n, $1::int as m`, [i])
    expect((await prepared()).length).toBeLessThanOrEqual(501)
  })
})

describe('the bench floors’ bare database (unnamedStatements)', () => {
  it('sends every statement through PGlite’s own query(): nothing prepared, the same rows', async () => {
    const bare = await openDb({ unnamedStatements: true })
    try {
      for (let i = 0; i < 3; i++) expect(await bare.query('select $1::int + 1 as n', [i])).toEqual([{ n: i + 1 }])
      expect(await bare.transaction((tx) => tx.query('select $1::text as t', ['dans la transaction']))).toEqual([{ t: 'dans la transaction' }])
      expect(await bare.query('select count(*)::int as n from pg_prepared_statements')).toEqual([{ n: 0 }])
    } finally {
      await bare.close()
    }
  })
})
