import { execFile } from 'node:child_process'
import { rmSync } from 'node:fs'
import { promisify } from 'node:util'
import { copyServerAssets } from '../../scripts/copy-server-assets.ts'
import { E2E_DIST, E2E_DIST_QA, E2E_SERVER } from './harness'

/**
 * Builds the SPA once for every browser test file, the way `npm start` does (production build),
 * and the QA build (`npm run build:qa`: VITE_INSPECT=true) that test/e2e/qa.test.ts compares it with;
 * and compiles the server once, as `npm run build:server` does, for every server the files start
 * (test/e2e/harness.ts): each start then loads JavaScript, not TypeScript through tsx.
 */
export default async function setup(): Promise<void> {
  const run = promisify(execFile)
  // The production build is one whatever the shell exports: no inspector flag leaks into it.
  const { VITE_INSPECT: _ignored, ...shell } = process.env
  const build = (outDir: string, env: Record<string, string> = {}) =>
    run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir], {
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...shell, NODE_ENV: 'production', ...env },
    }).then(({ stderr }) => process.stderr.write(stderr))
  // tsconfig.server.json's compilation without its type check (`npm run check` checks the types):
  // the same JavaScript, for a third of the CPU.
  const compileServer = async () => {
    rmSync(E2E_SERVER, { recursive: true, force: true })
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json', '--noCheck', '--outDir', E2E_SERVER])
    copyServerAssets(E2E_SERVER)
  }
  // Side by side: each build spends part of its time waiting on the disk and on its workers.
  await Promise.all([build(E2E_DIST), build(E2E_DIST_QA, { VITE_INSPECT: 'true' }), compileServer()])
}
