/**
 * `npm run bench:bundle`: how much JavaScript the /login page makes the browser load, gzip'd,
 * beside a bare React 19 page built the same way, and their ratio. Fails above the budget.
 *
 * What /login loads is read from its own page: the sign-in entry and the modulepreloads the build
 * names there (every script the form needs; the app arrives later, while the customer types).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const BUDGET_KIB = 120
const root = resolve('.')
const work = resolve('.tmp/bench')

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>

function gzipKiB(files: Iterable<string>, dir: string): number {
  let bytes = 0
  for (const file of files) bytes += gzipSync(readFileSync(join(dir, file)), { level: 9 }).length
  return bytes / 1024
}

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  keys.forEach(visit)
  return files
}

async function buildApp(): Promise<number> {
  const outDir = join(work, 'app')
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  // What /login's own page names: its entry and modulepreloads (scripts/vite/public-pages.ts).
  const page = readFileSync(join(outDir, 'login.html'), 'utf8')
  const files = [...page.matchAll(/<(?:script[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]!)
  if (!files.some((file) => /^assets\/signIn-/.test(file))) throw new Error('login.html does not start from the sign-in entry (src/signIn.tsx)')
  console.log(`  /login loads ${files.length} scripts: ${files.join(', ')}`)
  return gzipKiB(files, outDir)
}

async function buildBareReact(): Promise<number> {
  const dir = join(work, 'bare-src')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  )
  writeFileSync(join(dir, 'main.tsx'), "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')!).render(<h1>Bonjour</h1>)\n")
  const outDir = join(work, 'bare')
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { 'react-dom/client': resolve('node_modules/react-dom/client.js'), react: resolve('node_modules/react') } },
    build: { outDir, manifest: true, emptyOutDir: true },
  })
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  return gzipKiB(
    closure(
      manifest,
      Object.keys(manifest).filter((k) => manifest[k]!.isEntry),
    ),
    outDir,
  )
}

const app = await buildApp()
const bare = await buildBareReact()
console.log(`/login page JS (gzip):      ${app.toFixed(1)} KiB`)
console.log(`bare React 19 page (gzip):  ${bare.toFixed(1)} KiB`)
console.log(`ratio:                      ${(app / bare).toFixed(2)}`)
console.log(`budget:                     ${BUDGET_KIB} KiB → ${app <= BUDGET_KIB ? 'within' : 'OVER'}`)
if (app > BUDGET_KIB) process.exit(1)
