import { BaseSequencer, type TestSpecification } from 'vitest/node'

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
 */
export default class SideBySideSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
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
