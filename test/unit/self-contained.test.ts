/**
 * The repository explains and checks itself: no tracked file reads or names a file outside it (the
 * specification we were given lives outside; docs/requirements.md is our statement of it). A fresh
 * clone alone, with no sibling folder, must pass its own test command.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../scripts/audit/trace/check.ts'

/** The repository's files as git sees them: tracked, and new ones not ignored (build output and node_modules aside). */
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean)

const texts = tracked.flatMap((file) => {
  const bytes = readFileSync(join(ROOT, file))
  return bytes.includes(0) ? [] : [{ file, text: bytes.toString('utf8') }]
})

// Built from pieces so that this file does not name them itself.
const OUTSIDE_NAMES = [['portal', 'spec.md'].join('-'), ['rulings', 'md'].join('.'), ['/work', ''].join('/')]

/** Relative paths (`../x`, `../../y`) that, from the file's folder, land outside the repository. */
function escapingPaths(file: string, text: string): string[] {
  const from = dirname(join(ROOT, file))
  return [...text.matchAll(/(?<![\w.])((?:\.\.\/)+)([\w@-][\w.@/-]*)/g)]
    .map((m) => m[0])
    .filter((path) => {
      const to = relative(ROOT, resolve(from, path))
      return to === '..' || to.startsWith(`..${sep}`)
    })
}

describe('nothing in the repository reads outside it', () => {
  it('the tracked files are listed (the check has something to read)', () => {
    expect(texts.map((t) => t.file)).toContain('docs/requirements.md')
    expect(texts.map((t) => t.file)).toContain('scripts/audit/trace/requirements.ts')
  })

  it('no tracked file names the specification files kept outside the repository, or the workplace', () => {
    const found = texts.flatMap(({ file, text }) => OUTSIDE_NAMES.filter((name) => text.includes(name)).map((name) => `${file}: ${name}`))
    expect(found).toEqual([])
  })

  it('no relative path of a tracked file leads outside the repository', () => {
    const found = texts.flatMap(({ file, text }) => escapingPaths(file, text).map((path) => `${file}: ${path}`))
    expect(found).toEqual([])
  })

  it('the check sees a path that escapes, and lets one that stays inside pass', () => {
    // Four levels up from scripts/audit/trace/ is the folder above the repository (written with
    // repeat() so that this file does not hold an escaping path itself).
    const outside = `${'../'.repeat(4)}shared/spec/a.md`
    expect(escapingPaths('scripts/audit/trace/x.ts', `new URL('${outside}', import.meta.url)`)).toEqual([outside])
    expect(escapingPaths('scripts/audit/trace/x.ts', `new URL('${'../'.repeat(3)}docs/a.md', import.meta.url)`)).toEqual([])
    expect(escapingPaths('machines/transfer/chart.ts', "import { x } from '../shared/answers.ts'")).toEqual([])
    expect(escapingPaths('docs/machines/login.md', '[a](../../src/main.tsx)')).toEqual([])
  })
})
