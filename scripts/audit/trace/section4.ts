/** Traceability records of spec §4 States and transitions (see model.ts; item ids in docs/traceability.md). */
import type { Trace } from './model.ts'

export const section4: Trace[] = [
  // Login
  {
    items: ['4.login.1'],
    by: [
      { machine: 'login', state: 'editing' },
      { machine: 'login', state: 'authenticating' },
      { machine: 'login', state: 'signedIn' },
    ],
    tests: [
      'test/model/login.test.ts > walked every transition of the graph',
      'test/e2e/foundation.test.ts > a double click sends one request and shows a spinner meanwhile',
    ],
  },
]
