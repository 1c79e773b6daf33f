/**
 * The throttle's count (migration 017, domain/throttles.ts): one index probe must decide exactly
 * what counting every ask in the window decided. Checked against that count, made here in
 * JavaScript, over random asks at random times; and the migration's numbering of rows stored
 * before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db/db.ts'
import { listMigrations, migrate } from '../../server/db/migrate.ts'
import { takeAsk, type AskLimit } from '../../server/domain/throttles.ts'

let db: Db
beforeAll(async () => {
  db = await openDb({})
  await migrate(db)
})
afterAll(() => db?.close())

/** A small seeded generator, so that a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed / 2 ** 31
  }
}

describe('the count by sequence', () => {
  it('decides as counting the asks in the window does, over 400 random asks of three targets', async () => {
    const limit: AskLimit = { max: 7, windowMs: 60_000 }
    const next = random(17)
    const passed = new Map<string, number[]>()
    let now = Date.parse('2026-11-25T08:00:00Z')
    let refused = 0
    for (let i = 0; i < 400; i++) {
      // Bursts and pauses: most gaps a few seconds, some longer than the window.
      now += next() < 0.05 ? 70_000 : Math.floor(next() * 3_000)
      const target = `T${Math.floor(next() * 3)}`
      const times = passed.get(target) ?? []
      const expected = times.filter((t) => t > now - limit.windowMs).length < limit.max
      const taken = await db.transaction((tx) => takeAsk(tx, 'transfer', target, limit, new Date(now)))
      expect({ ask: i, target, taken }).toEqual({ ask: i, target, taken: expected })
      if (taken) passed.set(target, [...times, now])
      else refused++
    }
    // Both answers were met many times (the walk is not all one way).
    expect(refused).toBeGreaterThan(40)
    expect(400 - refused).toBeGreaterThan(100)
  })

  it('a limit far above the window’s asks costs no more per ask than a small one (the count is not a walk)', async () => {
    const many: AskLimit = { max: 1_000_000, windowMs: 15 * 60_000 }
    const start = Date.parse('2026-11-25T09:00:00Z')
    await db.query("delete from ask_throttle where target = 'busy'")
    await db.query(
      "insert into ask_throttle (scope, target, asked_at, seq) select 'transfer', 'busy', $1::timestamptz + make_interval(secs => i * 0.1), i from generate_series(1, 5000) i",
      [new Date(start)],
    )
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      "explain (analyze, costs off, timing off, summary off) select t.asked_at from ask_throttle t where t.scope = 'transfer' and t.target = 'busy' and t.seq = 5000 - 1000000 + 1",
    )
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index (Only )?Scan using ask_throttle_seq/)
    expect(await db.transaction((tx) => takeAsk(tx, 'transfer', 'busy', many, new Date(start + 600_000)))).toBe(true)
    const [row] = await db.query<{ seq: number }>("select max(seq)::int as seq from ask_throttle where target = 'busy'")
    expect(row!.seq).toBe(5001)
  })

  it('an ask never stored earlier than the ask before it (two asks that raced for the lock)', async () => {
    const limit: AskLimit = { max: 20, windowMs: 60_000 }
    const later = new Date('2026-11-25T10:00:05Z')
    const earlier = new Date('2026-11-25T10:00:04.990Z')
    await db.query("delete from ask_throttle where target = 'RACE'")
    await db.transaction((tx) => takeAsk(tx, 'pin_reset', 'RACE', limit, later))
    await db.transaction((tx) => takeAsk(tx, 'pin_reset', 'RACE', limit, earlier))
    const rows = await db.query<{ seq: number; asked_at: Date }>("select seq::int, asked_at from ask_throttle where target = 'RACE' order by seq")
    expect(rows.map((r) => r.asked_at.toISOString())).toEqual([later.toISOString(), later.toISOString()])
  })
})

describe('migration 017', () => {
  it('numbers the rows stored before it, per target, in the order they were asked', async () => {
    const old = await openDb({})
    try {
      await migrate(
        old,
        listMigrations().filter((m) => m.version < '017'),
      )
      await old.query(
        `insert into ask_throttle (scope, target, asked_at) values
           ('transfer', '1', '2026-11-25T10:00:02Z'), ('transfer', '1', '2026-11-25T10:00:01Z'),
           ('pin_reset', '1', '2026-11-25T10:00:03Z'), ('transfer', '2', '2026-11-25T10:00:00Z')`,
      )
      await migrate(old)
      const rows = await old.query<{ scope: string; target: string; seq: number; at: string }>(
        "select scope, target, seq::int, to_char(asked_at at time zone 'UTC', 'SS') as at from ask_throttle order by scope, target, seq",
      )
      expect(rows).toEqual([
        { scope: 'pin_reset', target: '1', seq: 1, at: '03' },
        { scope: 'transfer', target: '1', seq: 1, at: '01' },
        { scope: 'transfer', target: '1', seq: 2, at: '02' },
        { scope: 'transfer', target: '2', seq: 1, at: '00' },
      ])
    } finally {
      await old.close()
    }
  })
})
