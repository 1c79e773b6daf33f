import { execFileSync } from 'node:child_process'
import { E2E_DIST } from './harness'

/** Builds the SPA once for every browser test file, the way `npm start` does (production build). */
export default function setup(): void {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', E2E_DIST], {
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
