/**
 * One build of the bench (the portal, or the floor page) in a process of its own, so that the
 * bench's process, which hosts the portal it measures, carries none of the bundler's objects (a
 * server in production carries no build). Tried for the statement's memory figure, which it did
 * not change: that figure's main-thread growth doubles from the second statement of a whole run on
 * (~23 → ~45 MiB), builds in or out (docs/decisions.md).
 *   run: (tsx) scripts/bench/build-apart.ts portal|floor <dir>
 */
import { resolve } from 'node:path'
import { build } from 'vite'
import { buildFloorPage } from './floors.ts'

const [what, dir] = process.argv.slice(2)
if (what === 'portal') await build({ root: resolve('.'), logLevel: 'warn', mode: 'production', build: { outDir: dir!, emptyOutDir: true } })
else if (what === 'floor') await buildFloorPage(dir!)
else throw new Error(`build-apart: portal or floor, not ${what}`)
