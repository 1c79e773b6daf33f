/**
 * The modules some entries import statically (their own and what they import, transitively), known
 * at the end of the build's module phase: a chunk group's `test` reads it to put exactly what a
 * page or a screen runs at start in one file, with no hand-kept list to drift from the code.
 */
import type { Plugin } from 'vite'

export interface EntryClosure {
  plugin: Plugin
  /** Whether the entries import the module (a resolved id) at start. */
  has: (id: string) => boolean
}

/**
 * `entries`: the roots, as Vite resolves them ('/src/…'). `withRoots`: whether the roots
 * themselves belong to the closure — not for a page's entry, which is its own chunk; yes for lazy
 * screens that should share one file with what they import.
 */
export function entryClosure(entries: string[], { withRoots = false } = {}): EntryClosure {
  const modules = new Set<string>()
  const plugin: Plugin = {
    name: `entry-closure:${entries.join(',')}`,
    apply: 'build',
    async buildEnd() {
      modules.clear()
      const roots = new Set<string>()
      for (const entry of entries) {
        const root = await this.resolve(entry)
        if (root) roots.add(root.id)
      }
      const pending = [...roots].flatMap((id) => [...(this.getModuleInfo(id)?.importedIds ?? [])])
      if (withRoots) for (const id of roots) modules.add(id)
      while (pending.length > 0) {
        const id = pending.pop()!
        if (modules.has(id) || (!withRoots && roots.has(id))) continue
        modules.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  return { plugin, has: (id) => modules.has(id) }
}
