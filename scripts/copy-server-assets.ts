// `npm run build:server`, after tsc: the files the compiled server reads at run time, at the same
// places relative to its modules as in the sources (server/db/migrations/*.sql beside migrate.js,
// openapi/portal.yaml two levels above server/http/contract.js). The release test
// (test/server/compiled-start.test.ts) copies them with the same function.
import { cpSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

export function copyServerAssets(buildDir: string, sourceDir = '.'): void {
  mkdirSync(join(buildDir, 'server/db'), { recursive: true })
  cpSync(join(sourceDir, 'server/db/migrations'), join(buildDir, 'server/db/migrations'), { recursive: true })
  mkdirSync(join(buildDir, 'openapi'), { recursive: true })
  cpSync(join(sourceDir, 'openapi/portal.yaml'), join(buildDir, 'openapi/portal.yaml'))
}

if (process.argv[1]?.endsWith('copy-server-assets.ts')) {
  copyServerAssets('build')
  console.log('build/: server compiled, migrations and contract copied; start it with `npm run start:prod`')
}
