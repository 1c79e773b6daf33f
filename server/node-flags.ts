/**
 * The Node flags every server process starts with: the unit (deploy/portal@.service), the image
 * (Containerfile), `npm start` and `npm run start:prod`, and the tests' and the bench's processes
 * (deploy-files.test.ts holds them to this list).
 *
 * `--max-semi-space-size=8`: V8's young generation at most 3 × 8 MiB. Node 24's V8 lets it grow to
 * 64 MiB (Node 22's to 32) before it collects, and a server streaming a long statement filled it
 * with garbage: the main thread's heap +52–68 MiB during a 50,000-line statement's PDF and CSV on
 * Node 24, against +13–20 MiB with this flag (27 November, `BENCH_ONLY=statement`; the 64 MiB
 * target of the statement's memory met again). 8 rather than Node 22's 16: the flag also reaches
 * the PDF workers, whose own cap of the young generation (statement-pdf-stream.ts) it overrides; at
 * 8 a worker peaks at ~28 MiB. The cost, more frequent collections of the young generation, did not
 * show on the servers' CPU a complete transfer (docs/performance.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'] as const

/** Whether this process was started with them (on its command line or in NODE_OPTIONS). */
export function startedWithServerFlags(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): boolean {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)]
  return SERVER_NODE_FLAGS.every((flag) => given.includes(flag))
}
