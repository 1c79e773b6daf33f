/**
 * The API contract page of demo mode (/__dev/api.html) renders in Debian's Chromium under its
 * strict CSP: Redoc draws the contract's title and every operation, and the browser reports no
 * policy violation but the one meant — Redoc's footer logo from its CDN, blocked so that no
 * request leaves. Screenshots at 1280 and 375 px go to test-results/screens/.
 */
import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { startTestServer, type TestServer } from '../server/harness.ts'
import { DESKTOP, launchBrowser, PHONE, screenshot } from './harness.ts'

const contract = parse(readFileSync('openapi/portal.yaml', 'utf8')) as { info: { title: string; version: string }; paths: Record<string, object> }
const BLOCKED_ON_PURPOSE = 'img-src https://cdn.redoc.ly/redoc/logo-mini.svg'

let server: TestServer
let browser: Browser
beforeAll(async () => {
  // The app in this process (demo mode, no demo customers: the page needs none), started in seconds.
  server = await startTestServer({ seed: false })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('/__dev/api.html', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`renders the contract without CSP violations (${viewport.width} px)`, async () => {
      const page = await browser.newPage({ viewport })
      const violations: string[] = []
      const errors: string[] = []
      await page.exposeFunction('reportViolation', (text: string) => void violations.push(text))
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportViolation(t: string): void }).reportViolation(`${e.effectiveDirective} ${e.blockedURI}`),
        ),
      )
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(`${server.url}/__dev/api.html`)
      await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 30_000 }).toBe(`${contract.info.title} (${contract.info.version})`)
      // Each operation of the contract is drawn (Redoc gives each its own section).
      const operations = Object.values(contract.paths).flatMap((item) =>
        Object.keys(item).filter((key) => ['get', 'post', 'put', 'delete', 'patch'].includes(key)),
      )
      await expect.poll(() => page.locator('[id^="operation/"]').count()).toBe(operations.length)
      await screenshot(page, `api-docs-${name}`)
      expect(errors).toEqual([])
      expect(violations.filter((v) => v !== BLOCKED_ON_PURPOSE)).toEqual([])
      await page.close()
    })
  }
})
