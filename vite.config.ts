import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { serviceWorker } from './scripts/vite/service-worker.ts'
import { precompress } from './scripts/vite/compression.ts'
import { publicPagesPlugin } from './scripts/vite/public-pages.ts'
import { stripMachineDocsPlugin } from './scripts/vite/strip-machine-docs.ts'

// The SPA. In development (`npm run dev`) Vite proxies the API to the reference server.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080'

/**
 * An inspector build (VITE_INSPECT=true: `npm run build:qa`) says so in its page, so that the
 * server lets the page keep its link to the Stately inspector's window (docs/qa.md). A production
 * build has no such mark, and the server then cuts every pop-up off from the page.
 */
const markInspectorBuild: Plugin = {
  name: 'mark-inspector-build',
  transformIndexHtml: () =>
    process.env.VITE_INSPECT === 'true' ? [{ tag: 'meta', attrs: { name: 'portal-build', content: 'inspector' }, injectTo: 'head' }] : [],
}

export default defineConfig(({ isSsrBuild }) => ({
  // stripMachineDocsPlugin: a production build leaves out the machines' descriptions and meta,
  // which only the audit documents and the QA panel of an inspector build read (docs/qa.md).
  // precompress: every file also as .br and .gz (scripts/vite/compression.ts).
  plugins: [
    react(),
    vanillaExtractPlugin(),
    markInspectorBuild,
    stripMachineDocsPlugin(),
    // A page of its own for each public route, naming its screen's files (fewer rounds).
    publicPagesPlugin(),
    // The server build of the prerendered pages (scripts/vite/prerender.ts) is read once, at build.
    !isSsrBuild && precompress(),
    // The service worker and the web app manifest (scripts/vite/service-worker.ts).
    !isSsrBuild && VitePWA(serviceWorker),
  ],
  build: {
    outDir: process.env.DIST_DIR ?? 'dist',
    emptyOutDir: true,
    // No inline script may be emitted: the server's CSP forbids it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The libraries every page loads at start (React, the router, XState, the API client) in one
    // file rather than one per shared piece: the same code, fewer requests, and one gzip stream
    // that compresses better (the /login budget, `npm run bench:bundle`). Each screen's own code,
    // and the libraries only some screens use, stay in their lazy chunks.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'libs', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ }] } },
    },
  },
  server: {
    proxy: {
      '/auth': apiTarget,
      '/api': apiTarget,
      '/__dev': apiTarget,
    },
  },
}))
