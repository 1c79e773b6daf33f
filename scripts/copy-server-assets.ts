// `npm run build:server`, after tsc: the files the compiled server reads at run time, at the same
// places relative to its modules as in the sources (server/db/migrations/*.sql beside migrate.js,
// openapi/portal.yaml two levels above server/http/contract.js).
import { cpSync, mkdirSync } from 'node:fs'

mkdirSync('build/server/db', { recursive: true })
cpSync('server/db/migrations', 'build/server/db/migrations', { recursive: true })
mkdirSync('build/openapi', { recursive: true })
cpSync('openapi/portal.yaml', 'build/openapi/portal.yaml')
console.log('build/: server compiled, migrations and contract copied; start it with `npm run start:prod`')
