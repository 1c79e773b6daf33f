/**
 * The temporary PIN (rulings §9.5) in a real browser against the real server: the PIN a reset sends
 * (read from the demo outbox, as the customer reads her SMS) signs in once and opens "Choisissez un
 * nouveau code PIN" only — every other /app route leads back to it, a reload too (the server's 403
 * code '3') — and once changed the customer goes on to the dashboard with her accounts; a second
 * sign-in with that PIN is refused with the server's message. At 1280 and 375 px in both themes,
 * axe clean.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { temporaryPinApi } from '../../kernel/messages/temporaryPin'
import { dashboardAccounts, shell, temporaryPin as texts, validation } from '../../machines/messages'
import { statementOnlyCustomer } from '../../server/demo/demo-data'
import {
  errorOf,
  expectAccessible,
  inEachScreen,
  launchBrowser,
  newPage,
  outboxCode,
  pageProblems,
  signIn,
  startServer,
  submitSignIn,
  THEMED_SCREENS,
  type RunningServer,
} from './harness'

const CUSTOMER = statementOnlyCustomer.kcode

let server: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  // Every test resets the PIN: more asks than the default throttle lets through in a quarter-hour.
  ;[server, browser] = await Promise.all([startServer({ PIN_RESET_ASK_LIMIT: '100' }), launchBrowser()])
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(async () => {
  for (const page of pages.splice(0)) {
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  }
})

const post = async (path: string, body: unknown) =>
  (await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<{
    status: string
    code?: string
  }>

/** A PIN reset through the contract, the codes read from the outbox as the customer reads her SMS: the PIN sent. */
async function resetPin(): Promise<string> {
  const asked = await post('/auth/v1/password/ask', { compte: CUSTOMER })
  expect(asked.status).toBe('0')
  const code = await outboxCode(server.url, /Code de validation : (\d{8})\. Réinitialisation/, 'sms')
  expect((await post('/auth/v1/password/confirm', { code: asked.code, token: code })).status).toBe('0')
  return outboxCode(server.url, /Votre nouveau code pin : (\d{5})/, 'sms')
}

async function open(viewport = THEMED_SCREENS[0][1], colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme })
  pages.push(page)
  return page
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: texts.title })

async function changePin(page: Page, received: string, chosen: string): Promise<void> {
  await page.getByLabel(texts.oldPasswordLabel, { exact: true }).fill(received)
  await page.getByLabel(texts.passwordLabel, { exact: true }).fill(chosen)
  await page.getByLabel(texts.password2Label, { exact: true }).fill(chosen)
  await page.getByRole('button', { name: texts.submit }).click()
}

describe('a temporary PIN', () => {
  it('signs in to "Choisissez un nouveau code PIN" only; every other /app route leads back to it; changed, the dashboard follows', async () => {
    const received = await resetPin()
    const page = await open()
    await signIn(page, { code: CUSTOMER, pin: received }, '**/app/new-pin')
    await heading(page).waitFor()
    await page.getByText(texts.intro).waitFor()
    expect(await page.title()).toContain(texts.title)

    for (const path of ['/app/dashboard', '/app/profile', '/app/statement', '/app/sessions', '/app/update-password']) {
      await page.goto(path)
      await page.waitForURL('**/app/new-pin')
      await heading(page).waitFor()
    }
    // A menu link too.
    await page.getByRole('link', { name: shell.profile }).first().click({ force: true })
    await page.waitForURL('**/app/new-pin')

    // The rules of /app/update-password, in the screen's words.
    await page.getByRole('button', { name: texts.submit }).click()
    expect(await errorOf(page, 'oldPassword')).toBe(texts.oldPasswordRequired)
    expect(await errorOf(page, 'password')).toBe(texts.passwordRequired)
    await page.getByLabel(texts.oldPasswordLabel, { exact: true }).fill('123')
    await page.getByRole('button', { name: texts.submit }).click()
    expect(await errorOf(page, 'oldPassword')).toBe(validation.oldPasswordMin)
    await expectAccessible(page, 'temporary-pin-errors')

    // A wrong PIN received: the server's description, still on this screen.
    await changePin(page, received === '99999' ? '99998' : '99999', '24680')
    await page
      .getByRole('alert')
      .filter({ hasText: /ancien/i })
      .waitFor()
    await heading(page).waitFor()

    await changePin(page, received, '24680')
    await page.waitForURL('**/app/dashboard')
    await page.getByText(texts.changed, { exact: true }).waitFor()
    // The accounts, refused until now, are read again.
    await page.getByRole('heading', { name: dashboardAccounts.heading }).waitFor()
    await page.getByText(statementOnlyCustomer.accounts.cdf.number).first().waitFor()
    await page.goto('/app/profile')
    await page.waitForURL('**/app/profile')

    // Her own PIN now opens the portal straight to the dashboard.
    const again = await open()
    await signIn(again, { code: CUSTOMER, pin: '24680' })
  })

  it('a reload keeps the customer on it (the server answers 403 code 3 until the PIN is changed); the PIN sent opens one sign-in only', async () => {
    const received = await resetPin()
    const page = await open()
    await signIn(page, { code: CUSTOMER, pin: received }, '**/app/new-pin')
    // A second sign-in with it is refused with the server's message.
    const again = await open()
    await again.goto('/login')
    await submitSignIn(again, { code: CUSTOMER, pin: received })
    await again.getByRole('alert').filter({ hasText: temporaryPinApi.temporaryPinUsed }).waitFor()
    await expectAccessible(again, 'temporary-pin-used')
    await page.goto('/app/statement')
    await page.waitForURL('**/app/new-pin')
    await page.reload()
    await heading(page).waitFor()
    await page.goto('/app/dashboard')
    await page.waitForURL('**/app/new-pin')
    await heading(page).waitFor()
    await changePin(page, received, '13579')
    await page.waitForURL('**/app/dashboard')
  })

  // One walk, each of its screens looked at in the four widths and themes in place (inEachScreen).
  it('in each width and theme: the screen and its errors are axe clean', async () => {
    const received = await resetPin()
    const page = await open()
    await signIn(page, { code: CUSTOMER, pin: received }, '**/app/new-pin')
    await heading(page).waitFor()
    await inEachScreen(page, async (label) => {
      expect(await heading(page).isVisible(), label).toBe(true)
      await expectAccessible(page, `temporary-pin-${label}`)
    })
    await page.getByRole('button', { name: texts.submit }).click()
    expect(await errorOf(page, 'password2')).toBe(texts.passwordRequired)
    await inEachScreen(page, async (label) => {
      expect(await errorOf(page, 'password2'), label).toBe(texts.passwordRequired)
      await expectAccessible(page, `temporary-pin-errors-${label}`)
    })
    await changePin(page, received, '86420')
    await page.waitForURL('**/app/dashboard')
  })
})
