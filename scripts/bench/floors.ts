/**
 * The floors the project is measured against, built here and run in the same benchmark run:
 * - a bare React 19 page (a sign-in form that posts to /auth/login) built by Vite with the same
 *   React plugin and the same build-time compression, served by the same server;
 * - a bare Fastify route doing the one PGlite query of the balance lookup.
 * Both database floors (this route, and the transfer floor of server-figures.ts) run on a database
 * opened bare (`unnamedStatements`): PGlite's own query(), as PGlite ships it. The portal's driver
 * prepares its statements (server/db/pglite-statements.ts); BENCH_DETAIL=1 also measures the
 * floors on that layer.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import Fastify, { type FastifyInstance } from 'fastify'
import { build } from 'vite'
import { login } from '../../machines/messages.ts'
import type { Db } from '../../server/db/db.ts'
import { precompress } from '../vite/compression.ts'

// The same texts as the portal's form, so that the benchmark fills both the same way.
const FLOOR_PAGE = `import { createRoot } from 'react-dom/client'
function Login() {
  return (
    <main>
      <h1>${login.title}</h1>
      <form onSubmit={(e) => { e.preventDefault(); const f = new FormData(e.currentTarget); void fetch('/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: f.get('username'), password: f.get('password') }) }) }}>
        <label>${login.userCodeLabel} <input name="username" placeholder=${JSON.stringify(login.userCodePlaceholder)} /></label>
        <label>${login.pinLabel} <input name="password" type="password" placeholder=${JSON.stringify(login.pinPlaceholder)} /></label>
        <button type="submit">${login.submit}</button>
      </form>
    </main>
  )
}
createRoot(document.getElementById('root')!).render(<Login />)
`

export async function buildFloorPage(work: string): Promise<string> {
  const src = join(work, 'floor-src')
  rmSync(src, { recursive: true, force: true })
  mkdirSync(src, { recursive: true })
  writeFileSync(
    join(src, 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Connexion</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  )
  writeFileSync(join(src, 'main.tsx'), FLOOR_PAGE)
  const outDir = join(work, 'floor-dist')
  await build({
    root: src,
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), precompress()],
    resolve: { alias: { 'react-dom/client': resolve('node_modules/react-dom/client.js'), react: resolve('node_modules/react') } },
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false }, assetsInlineLimit: 0 },
  })
  return outDir
}

export async function startFloorApi(db: Db, customerId: string): Promise<FastifyInstance> {
  const app = Fastify()
  app.post<{ Body: { code: string } }>('/balance', async (request) => {
    const [row] = await db.query<{ number: string; currency: string; balance: string }>(
      `select number, currency, balance::text as balance from accounts where kind = 'customer' and customer_id = $1 and number = $2`,
      [customerId, request.body.code],
    )
    return { code: '0', amount: row!.balance, currency: row!.currency, compte: row!.number }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app
}
