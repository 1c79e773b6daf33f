import { compression } from 'vite-plugin-compression2'

/**
 * Every file of the build also as .br and .gz, made once at build time rather than per request
 * (server/http/compression.ts serves the one the browser accepts). index.html and the public
 * pages are left out: the server fills them in per request (nonce, bank name) and compresses that
 * answer itself. Shared by vite.config.ts and the benchmark's floor page (same compression).
 */
export const precompress = () =>
  compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json|webmanifest|txt|map)$/, threshold: 256 })
