import { defineConfig } from 'vitest/config'

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
        },
      },
    ],
  },
})
