import { defineConfig } from 'vitest/config'

// In CI (`.ci/run` sets CI_JSON), a server or browser test that fails is run once more: one race
// in 3,400 tests on a loaded 2-core machine should not hide the rest. It is not forgiven quietly:
// `.ci/run` lists every test that passed only on its second try, with its first failure, so that
// the race gets fixed. Unit and model tests are deterministic: never retried.
const secondTry = process.env.CI_JSON ? 1 : 0

// One runner for every kind of test; each project is a layer of the test pyramid.
export default defineConfig({
  test: {
    reporters: process.env.CI_JSON ? ['default', ['json', { outputFile: process.env.CI_JSON }]] : ['default'],
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'model', include: ['test/model/**/*.test.ts', 'test/support/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          // Generous: a server starts its embedded database in every file, and a loaded 2-core
          // machine (several suites at once) can take a minute for that. Speed is the benchmark's job.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          retry: secondTry,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          // One Chromium and one server per file; files run one after the other on 2 cores, and
          // only once the other projects are done, so that no timing depends on their load.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry: secondTry,
        },
      },
    ],
  },
})
