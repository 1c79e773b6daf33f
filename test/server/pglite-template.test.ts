/**
 * A fresh embedded folder starts as a copy of a migrated template (server/db/pglite-template.ts):
 * the copy is a database of its own (what one folder writes never reaches the template or another
 * folder), it carries every migration, starts with the server's own shared buffers (pglite.ts), and
 * a folder that already holds a database is never overwritten.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/db.ts'
import { checksumOf, listMigrations, migrate } from '../../server/db/migrate.ts'
import { copyTemplate, templateKey, templatesDirOf } from '../../server/db/pglite-template.ts'

// a parent of our own, so that the template is made by this test and removed after it
const parent = mkdtempSync(join(tmpdir(), 'portal-template-'))
afterAll(() => rmSync(parent, { recursive: true, force: true }))

const migrationRows = (rows: { version: string; checksum: string }[]) => rows.map((row) => `${row.version} ${row.checksum}`)

describe('fresh embedded folders from the migrated template', { timeout: 180_000 }, () => {
  it('makes the template once, then each fresh folder is an independent migrated copy', async () => {
    const first = await openDb({ dataDir: join(parent, 'first'), fromTemplate: true })
    expect(existsSync(join(templatesDirOf(join(parent, 'first')), templateKey(), 'PG_VERSION'))).toBe(true)
    const applied = await first.query<{ version: string; checksum: string }>('select version, checksum from schema_migrations order by version')
    expect(migrationRows(applied)).toEqual(listMigrations().map((m) => `${m.version} ${checksumOf(m)}`))
    expect(await migrate(first)).toEqual([])
    await first.query("insert into app_state (key, value) values ('only_in_first', 'x')")
    await first.close()

    const second = await openDb({ dataDir: join(parent, 'second'), fromTemplate: true })
    expect(await second.query("select 1 from app_state where key = 'only_in_first'")).toEqual([])
    // the start parameters apply to a copied folder too (its postgresql.conf says 128MB)
    expect(await second.query('show shared_buffers')).toEqual([{ shared_buffers: '32MB' }])
    expect(await migrate(second)).toEqual([])
    await second.close()
  })

  it('resumes a folder that already holds a database instead of copying over it', async () => {
    const again = await openDb({ dataDir: join(parent, 'first'), fromTemplate: true })
    expect(await again.query("select value from app_state where key = 'only_in_first'")).toEqual([{ value: 'x' }])
    await again.close()
  })

  it('copies every folder and file of a template but the lock of the process that made it', async () => {
    const template = join(parent, 'made-up-template')
    const files: Record<string, string> = {
      PG_VERSION: '18\n',
      'base/5/1259': 'catalog',
      'base/5/16384_fsm': 'free space',
      'pg_wal/000000010000000000000001': 'wal',
    }
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(template, path, '..'), { recursive: true })
      writeFileSync(join(template, path), text)
    }
    mkdirSync(join(template, 'pg_notify'))
    mkdirSync(join(template, 'server.lock'))
    writeFileSync(join(template, 'server.lock', 'holder'), 'x')
    const copy = join(parent, 'made-up-copy')
    mkdirSync(copy)

    await copyTemplate(template, copy)
    const listed = readdirSync(copy, { recursive: true }).map(String).sort()
    expect(listed).toEqual(['PG_VERSION', 'base', 'base/5', 'base/5/1259', 'base/5/16384_fsm', 'pg_notify', 'pg_wal', 'pg_wal/000000010000000000000001'])
    for (const [path, text] of Object.entries(files)) expect(readFileSync(join(copy, path), 'utf8')).toBe(text)
  })
})
