/**
 * The public pages paint before JavaScript: the first answer of /login, /reinit-password and the
 * landing page holds the real screen (labelled form, heading), styled, under a strict CSP; the
 * app then takes the markup over (hydration) and keeps what the customer typed meanwhile.
 */
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { landing, login, pinReset } from '../../machines/messages'
import { mainCustomer } from '../../server/demo/demo-data'
import { axeViolations, launchBrowser, newPage, pageProblems, PHONE, DESKTOP, startServer, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The <input> a <label> with this text names, from the raw HTML (for="…" → id="…"). */
function labelledInput(html: string, label: string): string | undefined {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1]
  return id ? new RegExp(`<input [^>]*id="${id}"[^>]*>`).exec(html)?.[0] : undefined
}

/** Holds back every script of the page until `release()`: the page is as the first answer made it. */
async function holdScripts(page: Page): Promise<() => void> {
  const held: Route[] = []
  let released = false
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)))
  return () => {
    released = true
    for (const route of held.splice(0)) void route.continue()
  }
}

describe('the first answer holds the screen', () => {
  it('/login: the labelled user code and PIN fields and the submit button are in the raw HTML', async () => {
    const html = await (await fetch(`${server.url}/login`)).text()
    expect(labelledInput(html, login.userCodeLabel)).toMatch(/name="username"/)
    expect(labelledInput(html, login.pinLabel)).toMatch(/type="password"/)
    expect(html).toMatch(new RegExp(`<button type="submit"[^>]*>${login.submit}</button>`))
    expect(html).toContain(`<h1>${login.title}</h1>`)
  })

  it('/reinit-password and the landing page too', async () => {
    const reset = await (await fetch(`${server.url}/reinit-password`)).text()
    expect(labelledInput(reset, pinReset.compteLabel)).toMatch(/name="compte"/)
    for (const path of ['/', '/home']) {
      const html = await (await fetch(`${server.url}${path}`)).text()
      expect(html).toContain(landing.tagline)
      expect(html).toMatch(new RegExp(`<a [^>]*href="/login"[^>]*>${landing.cta}</a>`))
    }
  })

  it('the CSP admits no inline script or style; the page carries no inline script nor style attribute', async () => {
    for (const path of ['/', '/login', '/reinit-password']) {
      const res = await fetch(`${server.url}${path}`)
      const csp = res.headers.get('content-security-policy') ?? ''
      const html = await res.text()
      expect(csp).toMatch(/script-src 'self'(;|$)/)
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/)
      expect(html).not.toMatch(/\sstyle="/)
    }
  })
})

describe('before and after the scripts', () => {
  it('the prerendered /login is styled, accessible and keeps what was typed before the scripts ran', async () => {
    const { page } = await newPage(browser, server.url, PHONE)
    const release = await holdScripts(page)
    const signInSent = page.waitForRequest((r) => r.url().endsWith('/auth/login') && r.method() === 'POST')
    await page.goto('/login', { waitUntil: 'commit' })
    const userCode = page.getByLabel(login.userCodeLabel, { exact: true })
    const pin = page.getByLabel(login.pinLabel, { exact: true })
    const submit = page.getByRole('button', { name: login.submit, exact: true })
    await userCode.waitFor()
    // Styled: a loaded stylesheet has rules for the prerendered page's own class.
    const styled = () =>
      page
        .locator('main')
        .evaluate((main) => [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes(`.${main.className}`))))
    await expect.poll(styled, { timeout: 30_000 }).toBe(true)
    expect(await page.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(0)
    // No script yet: a press of Enter or a click must not send the form natively (PIN in the address).
    expect(await submit.isDisabled()).toBe(true)
    expect(await axeViolations(page)).toEqual([])

    await userCode.pressSequentially(mainCustomer.kcode)
    await pin.pressSequentially(mainCustomer.pin)
    await pin.press('Enter')
    expect(new URL(page.url()).search).toBe('')

    release()
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true)
    expect(await userCode.inputValue()).toBe(mainCustomer.kcode)
    expect(await pin.inputValue()).toBe(mainCustomer.pin)
    // The machine holds the typed values: the sign-in sends them.
    await submit.click()
    expect((await signInSent).postDataJSON()).toMatchObject({ username: mainCustomer.kcode })
    await page.waitForURL('**/app/dashboard')
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  })

  it('the prerendered /reinit-password keeps the user code typed before the scripts ran, and sends it', async () => {
    // The app, not a page entry of its own, takes this page over (the router's tree, hydrated): the
    // code typed meanwhile (a phone on a slow link) must still be there and be the one sent.
    const { page } = await newPage(browser, server.url, PHONE)
    const release = await holdScripts(page)
    const asked = page.waitForRequest((r) => r.url().endsWith('/auth/v1/password/ask') && r.method() === 'POST')
    await page.goto('/reinit-password', { waitUntil: 'commit' })
    const compte = page.getByLabel(pinReset.compteLabel, { exact: true })
    await compte.fill(mainCustomer.kcode)
    release()
    const submit = page.getByRole('button', { name: pinReset.askSubmit, exact: true })
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true)
    expect(await compte.inputValue()).toBe(mainCustomer.kcode)
    await submit.click()
    expect((await asked).postDataJSON()).toEqual({ compte: mainCustomer.kcode })
    await page.getByRole('heading', { level: 1, name: pinReset.confirmTitle }).waitFor()
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  })

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`after hydration the public pages are accessible and error-free (${label})`, async () => {
      const { page } = await newPage(browser, server.url, viewport)
      for (const path of ['/', '/login', '/reinit-password']) {
        await page.goto(path)
        await expect.poll(() => page.locator('button[type="submit"], main a[href="/login"]').first().isEnabled(), { timeout: 30_000 }).toBe(true)
        expect(await axeViolations(page), path).toEqual([])
      }
      expect(pageProblems(page)).toEqual([])
      await page.context().close()
    })
  }
})
