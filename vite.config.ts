import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The SPA. In development (`npm run dev`) Vite proxies the API to the reference server.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: {
    outDir: process.env.DIST_DIR ?? 'dist',
    emptyOutDir: true,
    // No inline script may be emitted: the server's CSP forbids it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/auth': apiTarget,
      '/api': apiTarget,
      '/__dev': apiTarget,
    },
  },
})
