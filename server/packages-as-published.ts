/**
 * Module hooks for a start from the TypeScript sources (`node --import tsx server/main.ts`).
 *
 * tsx's loader reads every module, the published packages' too, and rewrites each ES module of a
 * package that has a dynamic `import(…)` (an interop wrapper, plus a fresh source map that Node
 * then parses). For PGlite's 375 KB bundle alone that is about a second of a fresh start, redone
 * at every start (tsx caches its TypeScript output, not this). A package's ES modules are already
 * the JavaScript Node runs, so these hooks hand them to Node as published and leave everything
 * else (our TypeScript, CommonJS packages, tsx's own URLs with a query) to tsx. Hooks run
 * last-registered first: registered after tsx, these see each module before it does.
 *
 * Hand-written because it is Node's own hook interface (module.register) and a dozen lines; no
 * package does just this.
 */
import { readFile } from 'node:fs/promises'
import type { LoadHook } from 'node:module'

/** A published package's ES module: a plain file under node_modules, without tsx's query. */
export const isPackageModule = (url: string, format: string | null | undefined) =>
  format === 'module' && url.startsWith('file:') && url.includes('/node_modules/') && !url.includes('?') && /\.m?js$/.test(url)

export const load: LoadHook = async (url, context, nextLoad) => {
  if (!isPackageModule(url, context.format)) return nextLoad(url, context)
  return { format: 'module', source: await readFile(new URL(url)), shortCircuit: true }
}
