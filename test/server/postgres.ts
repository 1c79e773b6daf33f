/**
 * A private PostgreSQL server for the tests that need one they control (a restart under a running
 * portal, several portal processes on one database): initdb in a temporary folder, `postgres` on
 * a free port of 127.0.0.1, trust authentication, stopped and removed at the end. As root, it
 * runs as the `postgres` user (PostgreSQL refuses root). The binaries come from PG_BIN or
 * Debian's /usr/lib/postgresql/<version>/bin; without them `findPostgres()` answers undefined
 * and the callers skip, saying why (.ci/run installs Debian's postgresql so that CI runs them).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export function findPostgres(): string | undefined {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'postgres'))) return process.env.PG_BIN
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin/postgres')))
  versions.sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(base, versions[0], 'bin') : undefined
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface Postgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string
  /** A new empty database on this server; answers its URL. */
  createDatabase(name: string): Promise<string>
  stop(): Promise<void>
  start(): Promise<void>
  /** Removes the data folder (after stop). */
  destroy(): Promise<void>
}

function owner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  return { uid, gid }
}

export async function startPostgres(bin: string): Promise<Postgres> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'))
  const user = owner()
  if (user) chownSync(dir, user.uid, user.gid)
  const data = join(dir, 'data')
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { stdio: 'pipe', ...user })
  const port = await freePort()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let child: ChildProcess | undefined

  const start = async () => {
    child = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'], {
      stdio: 'ignore',
      ...user,
    })
    // Ready when it accepts a connection.
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode})`)
      const client = new pg.Client({ connectionString: url })
      client.on('error', () => {})
      try {
        await client.connect()
        await client.end()
        return
      } catch {
        await new Promise((r) => setTimeout(r, 200))
      }
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGINT') // fast shutdown: open connections are ended, as in a real restart
    })
  await start()
  return {
    url,
    start,
    stop,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`create database ${name}`)
      await client.end()
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    async destroy() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
