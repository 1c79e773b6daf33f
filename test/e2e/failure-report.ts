/**
 * The browser project's setup file: a failed test leaves screenshots of its open pages and what
 * they and its server saw (test/e2e/journal.ts), printed with the run's output.
 */
import { afterEach } from 'vitest'
import { forgetClosedPages, reportFailure } from './journal'

// Registered before any test file's own hooks, so it runs after them (Vitest runs the `afterEach`
// hooks last registered first): the pages a test's clean-up closed are reported, without screenshot.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await reportFailure(task.name)
  forgetClosedPages()
})
