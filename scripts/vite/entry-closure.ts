/**
 * The modules an entry imports statically (its own and what they import, transitively), known at
 * the end of the build's module phase: a chunk group's `test` reads it to put exactly what a page
 * runs at start in one file, with no hand-kept list to drift from the code.
 */
import type { Plugin } from 'vite'

export interface EntryClosure {
  plugin: Plugin
  /** Whether the entry imports the module (a resolved id) at start; not the entry itself, which is its own chunk. */
  has: (id: string) => boolean
}

export function entryClosure(entry: string): EntryClosure {
  const modules = new Set<string>()
  const plugin: Plugin = {
    name: 'entry-closure',
    apply: 'build',
    async buildEnd() {
      modules.clear()
      const root = await this.resolve(entry)
      if (!root) return
      const pending = [...(this.getModuleInfo(root.id)?.importedIds ?? [])]
      while (pending.length > 0) {
        const id = pending.pop()!
        if (modules.has(id) || id === root.id) continue
        modules.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  return { plugin, has: (id) => modules.has(id) }
}
