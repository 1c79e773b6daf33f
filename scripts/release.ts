// `npm run release` (after `npm run build:prod`): the one artifact a bank installs, for every
// environment (the settings are read at run time): release/portail-banque-<version>.tar.gz, a
// folder holding the package files, the compiled server (build/: with its migrations and the
// contract it validates against), the built SPA (dist/) and the systemd units (deploy/). On the
// server: `npm ci --omit=dev && npm run start:prod` (docs/operations.md).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** What the tarball holds, from the project's root; nothing else (no sources, no tests, no node_modules). */
export const RELEASE_FILES = ['package.json', 'package-lock.json', '.nvmrc', 'build', 'dist', 'deploy'] as const

/** Files the release cannot do without: a build that was not made stops it. */
const NEEDED = ['build/server/main.js', 'build/server/migrate-command.js', 'build/server/db/migrations', 'build/openapi/portal.yaml', 'dist/index.html']

/** Packs `root`'s release files into `outDir`; returns the tarball's path. */
export function packRelease(root: string, outDir: string): string {
  const missing = NEEDED.filter((file) => !existsSync(join(root, file)))
  if (missing.length) throw new Error(`release: ${missing.join(', ')} missing; run \`npm run build:prod\` first`)
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string }
  const folder = `${name}-${version}`
  mkdirSync(outDir, { recursive: true })
  const tarball = resolve(outDir, `${folder}.tar.gz`)
  // GNU tar: files in name order, owned by root, so that the same build packs the same bytes.
  execFileSync(
    'tar',
    ['--create', '--gzip', '--file', tarball, '--sort=name', '--owner=0', '--group=0', '--numeric-owner', `--transform=s,^,${folder}/,`, ...RELEASE_FILES],
    { cwd: root, stdio: 'inherit' },
  )
  return tarball
}

if (process.argv[1]?.endsWith('release.ts')) {
  const tarball = packRelease('.', 'release')
  console.log(`${tarball}: unpack it on the server, then \`npm ci --omit=dev && npm run start:prod\` (docs/operations.md)`)
}
