import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that ran longest (wall seconds, 4 workers on 2 cores: a newcomer's `npm test` of 27
 * November, 06:38), for a first run that has no durations of its own. Only the order depends on
 * these: a figure out of date costs a little time, never a test.
 */
export const EXPECTED_SECONDS: Record<string, number> = {
  'test/server/fuzz.test.ts': 173,
  'test/server/statement-files.test.ts': 126,
  'test/e2e/faults.test.ts': 101,
  'test/server/compiled-start.test.ts': 88,
  'test/e2e/transfers.test.ts': 86,
  'test/server/lockout.test.ts': 81,
  'test/e2e/session-warning.test.ts': 76,
  'test/server/pglite-lock.test.ts': 70,
  'test/e2e/comforts.test.ts': 67,
  'test/server/statement-search.test.ts': 61,
  'test/e2e/statements.test.ts': 60,
  'test/e2e/screen-defects.test.ts': 59,
  'test/e2e/statement-search.test.ts': 54,
  'test/e2e/overlays.test.ts': 49,
  'test/e2e/foundation.test.ts': 48,
  'test/e2e/self-service.test.ts': 40,
  'test/server/ops-port.test.ts': 39,
  'test/server/rate-limits.test.ts': 39,
  'test/e2e/my-transfers.test.ts': 39,
  'test/e2e/lost-answers.test.ts': 38,
  'test/server/dev-tools.test.ts': 36,
  'test/e2e/dark-theme.test.ts': 35,
  'test/e2e/faults-per-tester.test.ts': 34,
  'test/e2e/experience.test.ts': 34,
  'test/e2e/qa.test.ts': 34,
  'test/server/statements.test.ts': 33,
  'test/e2e/service-worker-update.test.ts': 33,
  'test/server/transfers.test.ts': 31,
  'test/e2e/temporary-pin.test.ts': 29,
  'test/e2e/transfer-walk.test.ts': 29,
  'test/server/faults-per-tester.test.ts': 28,
  'test/server/migrations.test.ts': 27,
  'test/server/http.test.ts': 27,
}

/**
 * The order in which one `vitest run` hands files to its workers, when the browser files and the
 * others share them (vitest.config.ts).
 *
 * Vitest's own order runs the projects one after the other (by name: every browser file first),
 * so the workers would all start Chromium at once and then all run server files at once. A browser
 * file spends most of its time waiting (a server starting, a countdown, a held call) and a server
 * file mostly computes: they share 2 cores best side by side. So the browser files and the others
 * are dealt in proportion, each queue in Vitest's own order (the files that failed last, then the
 * longest last time, or the largest on a first run), and both queues run out together. Among the
 * others the server files come first: the unit and model files take a second or two each and fill
 * the gaps at the end.
 *
 * A newcomer's first run has no durations yet, and Vitest then runs the largest files first: a short
 * file that runs long (a wait for a lock to go stale, a release installed, real countdowns) could
 * start among the last and run on alone at the end while a core stays idle. So the files known to be long
 * (EXPECTED_SECONDS, from a whole run) come first in their queue, longest first, when Vitest has no
 * duration of its own for them; a file that failed last time still comes first.
 */
export default class SideBySideSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const sorted = longestFirst(await super.sort(files), (file) => {
      const path = relative(root, file.moduleId)
      const last = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`)
      return { failed: last?.failed ?? false, ms: last?.duration ?? (EXPECTED_SECONDS[path] ?? 0) * 1000 }
    })
    const browser = sorted.filter((file) => file.project.name === 'browser')
    const server = sorted.filter((file) => file.project.name === 'server')
    const others = [...server, ...sorted.filter((file) => file.project.name !== 'browser' && file.project.name !== 'server')]
    return dealInProportion(browser, others)
  }
}

/** Merges two queues so that at every point each has given about the same share of its files. */
export function dealInProportion<T>(first: T[], second: T[]): T[] {
  const dealt: T[] = []
  let [i, j] = [0, 0]
  while (i < first.length || j < second.length) {
    // The queue that has given the smaller share of its files gives the next one (the first on a tie).
    const firstShare = first.length === 0 ? 1 : i / first.length
    const secondShare = second.length === 0 ? 1 : j / second.length
    if (i < first.length && firstShare <= secondShare) dealt.push(first[i++]!)
    else dealt.push(second[j++]!)
  }
  return dealt
}

/**
 * Files that failed last time first, then those of a known duration (`ms` > 0), longest first, then
 * the others in the order given. Stable: files alike keep their order.
 */
export function longestFirst<T>(files: T[], known: (file: T) => { failed: boolean; ms: number }): T[] {
  const rank = new Map(files.map((file, index) => [file, { ...known(file), index }]))
  return [...files].sort((a, b) => {
    const [x, y] = [rank.get(a)!, rank.get(b)!]
    if (x.failed !== y.failed) return x.failed ? -1 : 1
    return y.ms - x.ms || x.index - y.index
  })
}
