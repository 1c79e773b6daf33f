import { fileURLToPath } from 'node:url'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { serviceWorker } from './scripts/vite/service-worker.ts'
import { precompress, precompressLateFiles } from './scripts/vite/compression.ts'
import { entryClosure } from './scripts/vite/entry-closure.ts'
import { publicPagesPlugin } from './scripts/vite/public-pages.ts'
import { stripMachineDocsPlugin } from './scripts/vite/strip-machine-docs.ts'
import { OFFLINE_PAGE } from './kernel/publicPages.ts'

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

/**
 * What the sign-in page (src/signIn.tsx) runs at start, outside node_modules: the entry itself,
 * its form, the login machine, the API client, the texts it shows. Exactly the entry and its
 * static imports (not the app's), found at build time. The entry in its own group: rolldown then
 * writes the entry and its modules as one file (the entry's code used to be a file of its own, a
 * request of ~0.7 KB both ways before the form is usable). It is the entry of every page
 * (index.html too), so that no page imports that file without being its entry.
 */
const NODE_MODULES = /[\\/]node_modules[\\/]/
const signInClosure = entryClosure(['/src/signIn.tsx'], { withRoots: true })
const isSignInModule = (id: string) => signInClosure.has(id) && !NODE_MODULES.test(id)

/** The libraries the sign-in page runs at start (React, XState, the API client), in the entry's file too. */
const isSignInLibrary = (id: string) => signInClosure.has(id) && NODE_MODULES.test(id) && !/[\\/]@tanstack[\\/]/.test(id)

/**
 * Mobile data is money, and every request costs its headers (~700 bytes both ways) on top of its
 * content: beyond the sign-in page's files, a customer's session takes two more rather than a score
 * of small chunks.
 * - `app`: what the app runs at start, the shell and the dashboard included (src/router.tsx),
 *   fetched while the customer types on the sign-in page;
 * - `everyday`: the balance and transfer screens with all they import, precached by the service
 *   worker (scripts/vite/service-worker.ts).
 * The screens opened now and then keep their own chunks (cached when first opened).
 */
const appClosure = entryClosure(['/src/app.tsx'], { withRoots: true })
const everydayClosure = entryClosure(['/src/flows/everydayScreens.ts'], { withRoots: true })
/** The design card's dialogs and toasts (Radix), one lazy file that the sign-in page never loads (src/flows/overlays.ts). */
const overlaysClosure = entryClosure(['/src/flows/overlays.ts'], { withRoots: true })
/** The everyday screens' and the overlays' styles go with the app's: one stylesheet less to fetch, for ~300 bytes each. */
const EVERYDAY_STYLES = /\.css\.ts/

export default defineConfig(({ isSsrBuild }) => ({
  // stripMachineDocsPlugin: a production build leaves out the machines' descriptions and meta,
  // which only the audit documents and the QA panel of an inspector build read (docs/qa.md).
  // precompress: every file also as .br and .gz (scripts/vite/compression.ts).
  plugins: [
    react(),
    vanillaExtractPlugin(),
    markInspectorBuild,
    signInClosure.plugin,
    appClosure.plugin,
    everydayClosure.plugin,
    overlaysClosure.plugin,
    stripMachineDocsPlugin(),
    // A page of its own for each public route, naming its screen's files (fewer rounds).
    publicPagesPlugin(),
    // The server build of the prerendered pages (scripts/vite/prerender.ts) is read once, at build.
    !isSsrBuild && precompress(),
    // The service worker and the web app manifest (scripts/vite/service-worker.ts).
    !isSsrBuild && VitePWA(serviceWorker),
    // The worker, written by the plugin above once the bundle is, and the offline page (written by
    // publicPagesPlugin): compressed once too, after both exist.
    !isSsrBuild && precompressLateFiles(['sw.js', OFFLINE_PAGE]),
  ],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore: @xstate/react and the router's store need no shim.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
      'use-sync-external-store/shim': fileURLToPath(new URL('./src/vendor/use-sync-external-store-shim.ts', import.meta.url)),
    },
  },
  build: {
    outDir: process.env.DIST_DIR ?? 'dist',
    emptyOutDir: true,
    // No inline script may be emitted: the server's CSP forbids it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rolldownOptions: {
      // One entry, src/signIn.tsx: index.html's, and written into /login's page by
      // publicPagesPlugin. It hydrates the sign-in form without the router, or starts the app on
      // any other route.
      ...(!isSsrBuild && { input: { index: 'index.html', signIn: 'src/signIn.tsx' } }),
      // The texts' modules are data: one page importing the catalogue must not run (and so load)
      // every screen's texts. Reading a property of another text module (the server's messages
      // reuse the form's) would otherwise count as a side effect that keeps the whole module.
      treeshake: { moduleSideEffects: [{ test: /[\\/](machines|kernel)[\\/]messages(\.ts$|[\\/])/, sideEffects: false }] },
      // What every page runs at start in one file, the entry's: the sign-in page's code with React,
      // XState and the API client (and rolldown's runtime, which then needs no file of its own):
      // fewer requests, one compressed stream. The router, which the sign-in page starts without
      // (the /login budget, `npm run bench:bundle`), in the app's file. Each screen's own code, and
      // the libraries only some screens use, stay in their lazy chunks. The price: a new version
      // that changes the sign-in page's code is a new file of ~78 KB for a returning customer's
      // worker (React apart, it was ~7 KB); the first visit and /login, every customer's, are
      // ~2.5 KB lighter (three requests and their headers fewer).
      output: {
        // The server build of the prerendered pages is one program read once: no chunk groups.
        codeSplitting: !isSsrBuild && {
          groups: [
            // The sign-in page's entry and everything it runs at start, which the app shares: one
            // file (named as the entry) instead of a dozen small ones, each of which would cost a
            // request and its headers on a slow network. First, so that React (which the app and
            // the router import, and a group takes its modules' imports along) is here, not in `app`.
            { name: 'signIn', tags: ['$initial'], test: (id) => isSignInModule(id) || isSignInLibrary(id) },
            { name: 'app', test: (id) => appClosure.has(id) || ((everydayClosure.has(id) || overlaysClosure.has(id)) && EVERYDAY_STYLES.test(id)) },
            { name: 'everyday', test: (id) => everydayClosure.has(id) && !appClosure.has(id) },
            { name: 'overlays', test: (id) => overlaysClosure.has(id) && !appClosure.has(id) && !everydayClosure.has(id) },
          ],
        },
      },
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
