/**
 * "Sessions et appareils" (rulings §9.4) in a real browser against the real server, as K1234567:
 * reached from "Mon profil"; the open sessions with browser and system, address, "Ouverte le …" and
 * "Dernière activité …", this one first and marked "Cette session"; ending another one after its
 * confirmation (that browser is signed out at its next call) and all the others; at 1280 and 375 px
 * in both themes, axe clean.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { profile, sessionList as texts } from '../../machines/messages'
import {
  DEMO_USER,
  expectAccessible,
  inEachScreen,
  launchBrowser,
  newPage,
  pageProblems,
  signIn,
  startServer,
  THEMED_SCREENS,
  type RunningServer,
} from './harness'

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36'

let server: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
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

/** Another session of the customer's, opened through the contract by a phone's browser: its token. */
async function phoneSession(): Promise<string> {
  const res = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': ANDROID },
    body: JSON.stringify({ username: DEMO_USER.code, password: DEMO_USER.pin }),
  })
  return ((await res.json()) as { token: string }).token
}
const isAlive = async (token: string) =>
  (await fetch(`${server.url}/api/rest/customer/v1/notification-size`, { headers: { authorization: `Bearer ${token}` } })).status === 200

async function signedIn(viewport = THEMED_SCREENS[0][1], colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme })
  pages.push(page)
  await signIn(page)
  return page
}

async function openSessions(page: Page): Promise<void> {
  await page.goto('/app/sessions')
  await page.getByRole('heading', { level: 1, name: texts.title }).waitFor()
  await page
    .getByRole('list')
    .filter({ has: page.getByText(texts.current, { exact: true }) })
    .waitFor()
}

const items = (page: Page) => page.getByRole('region', { name: texts.listLabel }).getByRole('listitem')
const phoneItems = (page: Page) => items(page).filter({ hasText: 'Samsung Internet 25 sur Android 14' })

describe('Sessions et appareils', () => {
  it('from the profile: every open session, this one first and marked; another one ended after its confirmation is signed out', async () => {
    const page = await signedIn()
    const other = await signedIn()
    await page.goto('/app/profile')
    await page.getByRole('link', { name: texts.profileLink }).click()
    await page.waitForURL('**/app/sessions')
    await page.getByRole('heading', { level: 1, name: texts.title }).waitFor()
    await page.getByText(texts.current, { exact: true }).waitFor()
    expect(await page.title()).toContain(texts.title)

    const first = items(page).first()
    await expect.poll(() => first.textContent()).toContain(texts.current)
    expect(await first.textContent()).toMatch(/Chrome \d+ sur Linux/)
    expect(await first.textContent()).toContain(`${texts.addressLabel} : 127.0.0.1`)
    expect(await first.textContent()).toContain(texts.openedAt)
    expect(await first.textContent()).toContain(texts.lastSeenAt)
    expect(await first.getByRole('button').count()).toBe(0)
    expect(await items(page).count()).toBeGreaterThanOrEqual(2)

    // The other browser's session: its own page marks it; here, its end button asks first.
    const others = items(page).filter({ has: page.getByRole('button', { name: new RegExp(texts.endOne) }) })
    const before = await items(page).count()
    await others
      .first()
      .getByRole('button', { name: new RegExp(texts.endOne) })
      .click()
    const dialog = page.getByRole('dialog', { name: texts.confirmOneTitle })
    await dialog.waitFor()
    await expectAccessible(page, 'sessions-confirm-one')
    await dialog.getByRole('button', { name: texts.cancel }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await items(page).count()).toBe(before)

    await others
      .first()
      .getByRole('button', { name: new RegExp(texts.endOne) })
      .click()
    await dialog.getByRole('button', { name: texts.confirmOne }).click()
    await page.getByText(texts.ended).waitFor()
    await expect.poll(() => items(page).count()).toBe(before - 1)

    // Ended on the server at once: the other browser's next call signs it out.
    await other.goto('/app/notification')
    await other.waitForURL('**/login')
  })

  it('"Fermer toutes les autres sessions" ends them all after its confirmation, this one stays', async () => {
    const phones = [await phoneSession(), await phoneSession()]
    const page = await signedIn()
    await openSessions(page)
    await expect.poll(() => phoneItems(page).count()).toBe(2)
    const others = await items(page)
      .filter({ has: page.getByRole('button', { name: new RegExp(texts.endOne) }) })
      .count()
    await page.getByRole('button', { name: texts.endOthers }).click()
    const dialog = page.getByRole('dialog', { name: texts.confirmOthersTitle })
    await dialog.getByText(texts.confirmOthersText(others)).waitFor()
    await dialog.getByRole('button', { name: texts.confirmOthers }).click()
    await page.getByText(others === 1 ? 'Une autre session a été fermée.' : `${others} autres sessions ont été fermées.`).waitFor()
    await expect.poll(() => items(page).count()).toBe(1)
    await page.getByText(texts.noOther).waitFor()
    expect(await page.getByRole('button', { name: texts.endOthers }).count()).toBe(0)
    for (const token of phones) expect(await isAlive(token)).toBe(false)
    // This one goes on.
    await page.goto('/app/profile')
    await page.getByRole('heading', { level: 1, name: profile.title }).waitFor()
  })

  // One walk, each of its screens looked at in the four widths and themes in place (inEachScreen).
  it('in each width and theme: the list and the confirmation are axe clean', async () => {
    await phoneSession()
    const page = await signedIn()
    await openSessions(page)
    await expect.poll(() => phoneItems(page).count()).toBeGreaterThanOrEqual(1)
    await inEachScreen(page, async (label) => {
      expect(await phoneItems(page).first().isVisible(), label).toBe(true)
      await expectAccessible(page, `sessions-${label}`)
    })
    await page.getByRole('button', { name: texts.endOthers }).click()
    await page.getByRole('dialog', { name: texts.confirmOthersTitle }).waitFor()
    await inEachScreen(page, async (label) => {
      expect(await page.getByRole('dialog', { name: texts.confirmOthersTitle }).isVisible(), label).toBe(true)
      await expectAccessible(page, `sessions-confirm-others-${label}`)
    })
    await page.getByRole('button', { name: texts.cancel }).click()
    await page.getByRole('dialog', { name: texts.confirmOthersTitle }).waitFor({ state: 'detached' })
  })
})
