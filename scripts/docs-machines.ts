/**
 * npm run docs:machines — writes the audit document of every machine of `machines/registry.ts`
 * under docs/machines/ (one <id>.md each, and README.md, their index), and removes the documents of
 * machines that are gone. With --check, writes nothing and fails when a document is out of date.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { machineRegistry } from '../machines/registry.ts'
import { allDocuments, DOCS_DIR } from './audit/machine-document.ts'
import { openSources } from './audit/machine-messages.ts'

const check = process.argv.includes('--check')
const documents = allDocuments(machineRegistry, openSources(machineRegistry))
const current = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined)

const stale = [...documents].filter(([path, text]) => current(path) !== text).map(([path]) => path)
const extra = existsSync(DOCS_DIR)
  ? readdirSync(DOCS_DIR)
      .map((name) => `${DOCS_DIR}/${name}`)
      .filter((path) => path.endsWith('.md') && !documents.has(path))
  : []

if (check) {
  for (const path of [...stale, ...extra]) console.error(`${path} is stale: run npm run docs:machines`)
  process.exit(stale.length + extra.length === 0 ? 0 : 1)
}

mkdirSync(DOCS_DIR, { recursive: true })
for (const path of stale) writeFileSync(path, documents.get(path)!)
for (const path of extra) rmSync(path)
console.log(`${documents.size} documents in ${DOCS_DIR}: ${stale.length} written, ${extra.length} removed, ${documents.size - stale.length} unchanged`)
