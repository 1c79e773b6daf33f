/**
 * The dark theme (following the system setting) on every screen of the portal, at 1280 and 375 px:
 * axe finds nothing on any of them. Each screen is visited once and looked at in both widths in place. The other browser files check their own screens in both themes
 * where they test behaviour; this one makes sure no screen is left out.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, DESKTOP, launchBrowser, newPage, pageProblems, PHONE, screenshot, startServer, submitSignIn, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const publicPages = ['/', '/login', '/reinit-password', '/conditions', '/nulle-part']
const signedInPages = [
  '/app/dashboard',
  '/app/balance',
  '/app/statement',
  '/app/transfer',
  '/app/momo',
  '/app/prepaid-card',
  '/app/update-password',
  '/app/profile',
  '/app/update-contact',
  '/app/update-picture',
  '/app/notification',
  '/app/nulle-part',
  '/change-password',
]

/** Opens a path and waits for its page heading and for the calls it makes to end. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.waitForLoadState('networkidle')
}

const WIDTHS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const

/**
 * Each path visited once, then looked at in both widths in place (the viewport switched; the
 * layout is CSS only, as harness.ts's inEachScreen says): axe's findings by width and path.
 */
async function violationsOf(page: Page, paths: string[], found: Record<string, string[]>): Promise<void> {
  for (const path of paths) {
    await visit(page, path)
    for (const [label, viewport] of WIDTHS) {
      await page.setViewportSize(viewport)
      expect(await page.evaluate(() => innerWidth), `${path} ${label}`).toBe(viewport.width)
      const violations = await axeViolations(page)
      if (violations.length) found[`${path} (${label})`] = violations
      await screenshot(page, `dark${path.replaceAll('/', '-')}-${label}`)
    }
    await page.setViewportSize(WIDTHS[0][1])
  }
}

describe('the dark theme: every screen accessible', () => {
  it('public and signed-in screens, each at 1280 and 375 px', async () => {
    const { page, context } = await newPage(browser, server.url, DESKTOP, { colorScheme: 'dark' })
    const found: Record<string, string[]> = {}
    await violationsOf(page, publicPages, found)
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true)

    await visit(page, '/login')
    await submitSignIn(page)
    await page.waitForURL('**/app/dashboard')
    await violationsOf(page, signedInPages, found)

    expect(found).toEqual({})
    expect(pageProblems(page)).toEqual([])
    await context.close()
  })
})
