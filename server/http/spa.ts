/**
 * The built SPA (DIST_DIR). Hashed files under /assets never change, so browsers keep them a year;
 * everything else (index.html, icons) is revalidated on each visit so that a new build is picked
 * up at once. Any other page route answers index.html: the SPA routes on the client.
 */
import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { api } from '../../machines/messages.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`No built portal in ${distDir}: page routes answer 503 until \`npm run build\` is run.`)
  }
  const assets = join(distDir, 'assets') + sep
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    setHeaders: (res, path) => res.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE),
  })
}

/** The answer to a page route: index.html, or a plain 503 when the SPA is not built. */
export function sendIndex(reply: FastifyReply, distDir: string): FastifyReply {
  // Checked on each call, so that a build made while the server runs is served without restart.
  if (!existsSync(join(distDir, 'index.html'))) {
    return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(api.appNotBuilt)
  }
  return reply.header('cache-control', REVALIDATE).sendFile('index.html')
}
