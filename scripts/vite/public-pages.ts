/**
 * One page per public route (server/http/public-pages.ts): index.html plus, in its <head>, the
 * screen's chunk and its static imports as `modulepreload` and its styles as stylesheets. /login
 * then loads in two rounds (the page, then everything at once) instead of three (the page, the
 * entry, then the login chunk the router asks for), and paints with its styles.
 *
 * Written after the bundle (writeBundle) from Vite's own output: the chunk graph and the CSS each
 * chunk imports (viteMetadata), so that the names are always the hashed ones of this build.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'
import { PUBLIC_PAGES } from '../../server/http/public-pages.ts'

export function publicPagesPlugin(): Plugin {
  let root = process.cwd()
  let base = '/'
  return {
    name: 'public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    writeBundle(options, bundle) {
      const outDir = options.dir!
      const index = readFileSync(join(outDir, 'index.html'), 'utf8')
      for (const page of PUBLIC_PAGES) {
        const { scripts, styles } = screenFiles(bundle, resolve(root, page.screen))
        const links = [
          ...scripts.filter((f) => !index.includes(`${base}${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
          ...styles.filter((f) => !index.includes(`${base}${f}"`)).map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
        ]
        writeFileSync(join(outDir, page.file), index.replace(/\n\s*<\/head>/, `\n${links.map((l) => `    ${l}`).join('\n')}\n  </head>`))
      }
    },
  }
}

/** The screen's chunk, every chunk it imports statically (transitively), and their CSS. */
function screenFiles(bundle: OutputBundle, screenId: string): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk')
  const screen = chunks.find((c) => c.facadeModuleId === screenId)
  if (!screen) throw new Error(`public-pages: ${screenId} is not a chunk of its own (is its route still lazy?)`)
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const scripts: string[] = []
  const styles = new Set<string>()
  const visit = (chunk: OutputChunk) => {
    if (scripts.includes(chunk.fileName)) return
    scripts.push(chunk.fileName)
    for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) styles.add(css)
    for (const name of chunk.imports) {
      const next = byName.get(name)
      if (next) visit(next)
    }
  }
  visit(screen)
  return { scripts, styles: [...styles] }
}
