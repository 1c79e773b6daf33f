/**
 * Build-time rendering of the public pages (src/prerender.tsx): a server build of that module with
 * this same Vite config (so that the style class names are the client build's), then one render
 * per page. Done with Vite itself rather than a prerendering plugin: the pages are three and their
 * HTML is put into files this build already writes (public-pages.ts).
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

interface PrerenderModule {
  prerender: (path: string) => Promise<string>
  prerenderOffline: () => { title: string; html: string }
}

export interface Prerendered {
  /** Each path's app markup, to hydrate. */
  pages: Map<string, string>
  /** The offline page: its title and static markup. */
  offline: { title: string; html: string }
}

/** The HTML of each path, rendered by the app's own components. */
export async function prerenderPaths(root: string, configFile: string | false, paths: readonly string[]): Promise<Prerendered> {
  // Inside the project, so that the server build's imports of libraries resolve to node_modules;
  // a folder of its own per build, as Node keeps each module it imported once for the process.
  const outDir = join(root, `node_modules/.cache/prerender-${process.pid}-${Date.now()}`)
  await build({
    root,
    configFile,
    mode: 'production',
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false, minify: false },
  })
  try {
    const module = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as PrerenderModule
    const pages = new Map<string, string>()
    for (const path of paths) pages.set(path, await module.prerender(path))
    return { pages, offline: module.prerenderOffline() }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

/**
 * Every class the prerendered HTML uses must be defined by the page's stylesheets: a class name
 * that differed between the server build and the client build would show an unstyled page.
 */
export function undefinedClasses(html: string, css: string): string[] {
  const classes = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)))
  // lucide-react marks each icon's <svg> with `lucide lucide-<name>`: markers, styled by nobody.
  return [...classes].filter((name) => !/^lucide(-|$)/.test(name) && !css.includes(`.${name}`))
}
