/**
 * Fewer bytes on the wire (customers on prepaid mobile data and slow networks):
 * - the built SPA's files are compressed once, at build time (brotli and gzip, vite.config.ts),
 *   and the file server picks the variant the browser accepts (`Accept-Encoding`, answered with
 *   `Vary: Accept-Encoding`) — no compression work per request;
 * - other answers above COMPRESS_THRESHOLD_BYTES (statement JSON and CSV, the page filled in per
 *   request) are compressed on the fly, brotli when accepted, else gzip.
 * Kept apart from the file serving itself (spa.ts) so that each can change without the other.
 */
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { constants } from 'node:zlib'

/** Below this, compressing costs more (CPU, and headers) than the bytes it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024

/** Options of @fastify/static: serve `file.br` / `file.gz` made by the build when accepted. */
export const PRECOMPRESSED_FILES = { preCompressed: true } as const

/**
 * Every built file may come in three encodings, so caches (the browser's, a proxy's) must key
 * them by Accept-Encoding; @fastify/static does not say so itself.
 */
export function varyOnEncoding(res: { setHeader(name: string, value: string): unknown }): void {
  res.setHeader('vary', 'accept-encoding')
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 5: close to the best ratio on JSON/CSV at a small fraction of quality 11's CPU, so
    // that a long statement does not hold the event loop.
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  })
}
