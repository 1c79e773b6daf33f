/**
 * The start's module hooks (server/packages-as-published.ts): a package's ES module goes to Node
 * exactly as published, without the next loader (tsx); anything else goes on to the next loader.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { LoadFnOutput, LoadHookContext, ModuleFormat } from 'node:module'
import { describe, expect, it, vi } from 'vitest'
import { load } from '../../server/packages-as-published.ts'

const fromNext: LoadFnOutput = { format: 'module', source: 'export const viaNextLoader = true', shortCircuit: true }
const context = (format: ModuleFormat | undefined): LoadHookContext => ({ conditions: ['node', 'import'], format, importAttributes: {} })

async function loadWith(url: string, format: ModuleFormat | undefined) {
  const nextLoad = vi.fn(async () => fromNext)
  const output = await load(url, context(format), nextLoad)
  return { output, nextLoad }
}

// PGlite's entry is an ES module of a package that has dynamic imports: the case the hooks are for.
const pgliteEntry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href.replace(/index\.cjs$/, 'index.js')

describe('module hooks of a start from the sources', () => {
  it('hand a package’s ES module to Node as published, without the next loader', async () => {
    const { output, nextLoad } = await loadWith(pgliteEntry, 'module')
    expect(nextLoad).not.toHaveBeenCalled()
    expect(output.format).toBe('module')
    expect(output.shortCircuit).toBe(true)
    expect(Buffer.from(output.source as Uint8Array).equals(readFileSync(new URL(pgliteEntry)))).toBe(true)
  })

  it('leave our TypeScript, CommonJS packages and tsx’s own URLs to the next loader', async () => {
    const cases: [string, ModuleFormat | undefined][] = [
      [new URL('../../server/main.ts', import.meta.url).href, undefined],
      [new URL('../../server/main.ts', import.meta.url).href, 'module'],
      [pgliteEntry.replace(/index\.js$/, 'index.cjs'), 'commonjs'],
      [`${pgliteEntry}?tsx-namespace=1`, 'module'],
      ['node:fs', 'builtin'],
    ]
    for (const [url, format] of cases) {
      const { output, nextLoad } = await loadWith(url, format)
      expect(nextLoad, url).toHaveBeenCalledOnce()
      expect(output).toBe(fromNext)
    }
  })
})
