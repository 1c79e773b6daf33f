// `npm run docs:settings`: writes the README's settings table from the schema of the server's
// settings (server/settings.ts), between its two markers. `--check` (in `npm run check`) fails
// when the README's table is not what the schema makes of it today.
import { readFileSync, writeFileSync } from 'node:fs'
import { PRODUCTION_REQUIRED } from '../server/deployment.ts'
import { settingDocs, settingsSchema } from '../server/settings.ts'

const README = new URL('../README.md', import.meta.url)
const BEGIN = '<!-- settings:begin — written by `npm run docs:settings` from server/settings.ts; do not edit by hand -->'
const END = '<!-- settings:end -->'

/** The names production cannot start without (`DATABASE_URL or DATA_DIR`: either). */
const required = new Map(
  Object.keys(PRODUCTION_REQUIRED).flatMap((key) => {
    const names = key.split(' or ')
    return names.map((name) => [name, names.filter((other) => other !== name)] as const)
  }),
)

const cell = (text: string) => text.replaceAll('|', '\\|')

export function settingsTable(): string {
  const rows = Object.entries(settingsSchema.shape).map(([name, field]) => {
    const doc = settingDocs.get(field)
    if (!doc) throw new Error(`${name} has no documentation in server/settings.ts`)
    const others = required.get(name)
    const fallback = doc.shownDefault ?? (doc.default ? `\`${doc.default}\`` : '—')
    const need = others?.length ? `production: it or \`${others.join('`, `')}\`` : 'required in production'
    const byDefault = others === undefined ? fallback : fallback === '—' ? need : `${need} (demo: ${fallback})`
    const setting = doc.secret ? `\`${name}\` (or \`${name}_FILE\`)` : `\`${name}\``
    return `| ${setting} | ${cell(byDefault)} | ${cell(doc.meaning)} |`
  })
  return ['| setting | default | meaning |', '|---|---|---|', ...rows].join('\n')
}

function withTable(readme: string): string {
  const begin = readme.indexOf(BEGIN)
  const end = readme.indexOf(END)
  if (begin === -1 || end < begin) throw new Error(`README.md has no settings markers (${BEGIN} … ${END})`)
  return `${readme.slice(0, begin + BEGIN.length)}\n\n${settingsTable()}\n\n${readme.slice(end)}`
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const readme = readFileSync(README, 'utf8')
  const current = withTable(readme)
  if (process.argv.includes('--check')) {
    if (current !== readme) {
      console.error('The README’s settings table is stale: run `npm run docs:settings` and commit the result.')
      process.exit(1)
    }
    console.log('The README’s settings table is current.')
  } else {
    writeFileSync(README, current)
    console.log('README.md: settings table written from server/settings.ts.')
  }
}
