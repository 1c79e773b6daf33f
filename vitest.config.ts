import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import SideBySideSequencer from './test/sequencer.ts'

// No test is run a second time, in CI or anywhere: a test that fails on a loaded machine has a race
// to fix (docs/decisions.md, "CI in its window"). `.ci/run` sets CI_JSON for the runners' reports.

// One runner for every kind of test; each project is a layer of the test pyramid. All projects
// share one set of workers, two more than the cores (4 on 2 cores): a browser file mostly waits
// and a server file mostly computes, so they run side by side, dealt in proportion
// (test/sequencer.ts). With one more than the cores, the cores were busy 1.43 of 2 on average
// (CPU 1,171 s in 831 s): the files' waits left a third of them idle. CI's lanes give their own
// `--maxWorkers` (.ci/run).
export default defineConfig({
  test: {
    maxWorkers: Math.min(availableParallelism() + 2, 6),
    sequence: { sequencer: SideBySideSequencer },
    reporters: process.env.CI_JSON ? ['default', ['json', { outputFile: process.env.CI_JSON }]] : ['default'],
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'model', include: ['test/model/**/*.test.ts', 'test/support/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share its process and modules: each isolated file paid a new
          // process, the server's modules loaded and PGlite's WebAssembly compiled again (the whole
          // project on 2 workers: 570 s of CPU isolated, 411 s shared; docs/performance.md). What a
          // file changes of the modules' state it sets back (test/server/harness.ts: the PIN
          // hashes' cost; the app's modules loaded anew under each file's page).
          isolate: false,
          // Generous: a server starts its embedded database in every file, and a loaded 2-core
          // machine (several suites at once) can take a minute for that. Speed is the benchmark's job.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          // A failed walk leaves screenshots and what its pages and server saw (test/e2e/failure-report.ts).
          setupFiles: ['test/e2e/failure-report.ts'],
          // One Chromium and one server per file.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
