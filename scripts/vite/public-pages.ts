/**
 * One page per public route (kernel/publicPages.ts): index.html plus, in its <head>, the
 * screen's chunk and its static imports as `modulepreload` and its styles as stylesheets. /login
 * then loads in two rounds (the page, then everything at once) instead of three (the page, the
 * entry, then the login chunk the router asks for), and paints with its styles.
 *
 * Written after the bundle (writeBundle) from Vite's own output: the chunk graph and the CSS each
 * chunk imports (viteMetadata), so that the names are always the hashed ones of this build.
 *
 * Each page's root also holds its screen rendered at build time (prerender.ts): the form is in the
 * first answer and paints with its styles before any script runs; its entry (src/signIn.tsx) then hydrates it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'
import { OFFLINE_PAGE, PUBLIC_PAGES } from '../../kernel/publicPages.ts'
import { prerenderPaths, undefinedClasses } from './prerender.ts'

export function publicPagesPlugin(): Plugin {
  let root = process.cwd()
  let base = '/'
  let configFile: string | false = false
  return {
    name: 'public-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root
      base = config.base
      configFile = config.configFile ?? false
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir!
      const index = readFileSync(join(outDir, 'index.html'), 'utf8')
      const { pages: rendered, offline } = await prerenderPaths(
        root,
        configFile,
        PUBLIC_PAGES.map((page) => page.paths[0]!),
      )
      for (const page of PUBLIC_PAGES) {
        const { scripts, styles } = screenFiles(bundle, resolve(root, page.entry ?? page.screen))
        // A page with an entry of its own loads that entry and what it imports, none of the app's.
        const template = page.entry ? withoutScriptsAndStyles(index) : index
        const [entryScript, ...preloads] = page.entry ? scripts : [undefined, ...scripts]
        const links = [
          ...(entryScript ? [`<script type="module" crossorigin src="${base}${entryScript}"></script>`] : []),
          ...preloads.filter((f) => !template.includes(`${base}${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
          ...styles.filter((f) => !template.includes(`${base}${f}"`)).map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
        ]
        const path = page.paths[0]!
        const html = template
          .replace(/\s*<\/head>/, `\n${links.map((l) => `    ${l}`).join('\n')}\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${rendered.get(path)}</div>`)
        const css = [...html.matchAll(/<link rel="stylesheet"[^>]*\shref="([^"]+)"/g)]
          .map((m) => join(outDir, m[1]!.slice(base.length)))
          .filter((file) => existsSync(file))
          .map((file) => readFileSync(file, 'utf8'))
          .join('\n')
        const missing = undefinedClasses(rendered.get(path)!, css)
        if (missing.length) throw new Error(`public-pages: ${page.file} uses classes its stylesheets lack: ${missing.join(' ')}`)
        writeFileSync(join(outDir, page.file), html)
        if (page.file === OFFLINE_STYLES_FROM) writeOfflinePage(outDir, html, offline, css)
      }
    },
  }
}

/** index.html without the app entry's script, preloads and styles. */
function withoutScriptsAndStyles(html: string): string {
  return html.replace(/\n\s*<(?:script type="module"[^>]*><\/script|link rel="(?:modulepreload|stylesheet)"[^>]*)>/g, '')
}

/** The offline page wears the sign-in page's styles (the same card on the brand background). */
const OFFLINE_STYLES_FROM = 'login.html'

/**
 * offline.html (kernel/publicPages.ts OFFLINE_PAGE): the sign-in page's head without its
 * scripts and without the per-answer placeholders (it is served as a plain file, and by the
 * service worker), and the offline screen's static markup.
 */
function writeOfflinePage(outDir: string, loginHtml: string, offline: { title: string; html: string }, css: string): void {
  const missing = undefinedClasses(offline.html, css)
  if (missing.length) throw new Error(`public-pages: ${OFFLINE_PAGE} uses classes its stylesheets lack: ${missing.join(' ')}`)
  const html = loginHtml
    .replace(/\n\s*<script [^>]*><\/script>/g, '')
    .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\n\s*<meta name="(bank-name|api-base-url|request-timeout-ms|csp-nonce)"[^>]*>/g, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${offline.title}</title>`)
    .replace(/<div id="root"[^>]*>[\s\S]*<\/div>(\s*<\/body>)/, `<div id="root">${offline.html}</div>$1`)
  writeFileSync(join(outDir, OFFLINE_PAGE), html)
}

/** The screen's chunk, every chunk it imports statically (transitively), and their CSS. */
function screenFiles(bundle: OutputBundle, screenId: string): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk')
  // A lazy screen is a chunk of its own; a screen the app imports at start is in one of its chunks.
  const screen = chunks.find((c) => c.facadeModuleId === screenId) ?? chunks.find((c) => c.moduleIds.includes(screenId))
  if (!screen) throw new Error(`public-pages: ${screenId} is in no chunk of this build`)
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
