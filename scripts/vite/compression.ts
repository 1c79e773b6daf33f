import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import { compression } from 'vite-plugin-compression2'

/**
 * Every file of the build also as .br and .gz, made once at build time rather than per request
 * (server/http/compression.ts serves the one the browser accepts). index.html and the public
 * pages are left out: the server fills them in per request (nonce, bank name) and compresses that
 * answer itself. Shared by vite.config.ts and the benchmark's floor page (same compression).
 */
export const precompress = () =>
  compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json|webmanifest|txt|map)$/, threshold: 256 })

/**
 * The files written after the bundle (the service worker, made by vite-plugin-pwa once the bundle
 * is written) and the offline page (written by scripts/vite/public-pages.ts, and served as a file
 * as it is): compressed like the rest, once, at the best brotli quality. Without it the server
 * compressed each at every request, at its on-the-fly quality (~370 bytes more for the worker).
 * Last in vite.config.ts's plugins, so that it runs once the worker is written.
 */
export function precompressLateFiles(files: readonly string[]): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress-late-files',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of files) {
          const path = join(outDir, file)
          const source = readFileSync(path)
          const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length }
          writeFileSync(`${path}.br`, brotliCompressSync(source, { params }))
          writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }))
        }
      },
    },
  }
}
