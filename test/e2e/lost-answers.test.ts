/**
 * A change or reset carried out whose answer is lost (rulings §6.2 for every flow whose success
 * moves secrets; docs/qa.md, "Faults per tester and lost answers"), in a real browser against the
 * real demo server: the server makes the change, then closes the connection before the answer. The
 * password change, the temporary PIN's "Choisissez un nouveau code PIN" and the PIN reset confirm
 * show their "Résultat inconnu" — no form, no retry — and the server changed the PIN exactly once
 * (one notification, one new-PIN SMS; the new PIN signs in). At 1280 and 375 px, axe clean.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../kernel/messages/api'
import { password, pinReset, profile, temporaryPin } from '../../machines/messages'
import { mainCustomer, statementOnlyCustomer } from '../../server/demo/demo-data'
import {
  callOf,
  DESKTOP,
  devFault,
  expectAccessible,
  launchBrowser,
  newPage,
  outboxCode,
  pageProblems,
  PHONE,
  signIn,
  startServer,
  type RunningServer,
} from './harness'

const CHANGE_PASSWORD = '/api/rest/customer/v1/change-password'
const PIN_RESET_CONFIRM = '/auth/v1/password/confirm'
const SCREENS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const

let server: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  // Each walk resets a PIN: more asks than the default throttle lets through in a quarter-hour.
  ;[server, browser] = await Promise.all([startServer({ PIN_RESET_ASK_LIMIT: '100' }), launchBrowser()])
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(async () => {
  await fetch(`${server.url}/__dev/faults`, { method: 'DELETE' })
  for (const page of pages.splice(0)) {
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  }
})

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport)
  pages.push(page)
  return page
}

const post = async <T>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as T }
}

/** A sign-in through the contract: the session's token, or null when the PIN is refused. */
async function tokenOf(kcode: string, pin: string): Promise<string | null> {
  const { status, body } = await post<{ token?: string }>('/auth/login', { username: kcode, password: pin })
  return status === 200 && body.token ? body.token : null
}

/** How many "Code pin modifié" notifications the customer has: one more per change the server made. */
async function pinChangedCount(token: string): Promise<number> {
  const res = await fetch(`${server.url}/api/rest/customer/v1/notifications?page=0&size=50`, { headers: { authorization: `Bearer ${token}` } })
  const { notifications = [] } = (await res.json()) as { notifications?: { title: string }[] }
  return notifications.filter((n) => n.title === api.changePassword.title).length
}

/** The SMS of the outbox that carry a new PIN (each PIN reset the server made sends one). */
async function newPinSmsCount(): Promise<number> {
  const messages = (await (await fetch(`${server.url}/__dev/outbox`)).json()) as { channel: string; text: string }[]
  return messages.filter((m) => m.channel === 'sms' && /Votre nouveau code pin : \d{5}/.test(m.text)).length
}

async function fillChange(page: Page, texts: typeof password | typeof temporaryPin, old: string, chosen: string): Promise<void> {
  await page.getByLabel(texts.oldPasswordLabel, { exact: true }).fill(old)
  await page.getByLabel(texts.passwordLabel, { exact: true }).fill(chosen)
  await page.getByLabel(texts.password2Label, { exact: true }).fill(chosen)
}

describe('a lost answer', () => {
  // The main customer's PIN, changed once per screen size.
  let pin: string = mainCustomer.pin

  for (const [label, viewport] of SCREENS) {
    it(`password change, ${label}: "Résultat inconnu", back to the profile; the PIN changed exactly once`, async () => {
      const chosen = label === 'desktop' ? '24680' : '13579'
      const before = await pinChangedCount((await tokenOf(mainCustomer.kcode, pin))!)
      const page = await open(viewport)
      await signIn(page, { code: mainCustomer.kcode, pin })
      await page.goto('/app/update-password')
      await page.getByRole('heading', { level: 1, name: password.title }).waitFor()
      await devFault(server.url, { method: 'POST', path: CHANGE_PASSWORD, times: 1, loseAnswer: true, customer: mainCustomer.kcode })

      await fillChange(page, password, pin, chosen)
      const call = callOf(page, CHANGE_PASSWORD)
      await page.getByRole('button', { name: password.submit }).click()
      expect(await call).toBe('no answer')

      // rulings §6.2: the result unknown — no form to send again, no error, no success.
      await page.getByRole('heading', { level: 2, name: password.unknownTitle }).waitFor()
      expect(await page.getByText(password.unknown).count()).toBe(1)
      expect(await page.getByRole('button', { name: password.submit }).count()).toBe(0)
      expect(await page.getByLabel(password.oldPasswordLabel, { exact: true }).count()).toBe(0)
      expect(await page.getByText(password.changeError).count()).toBe(0)
      expect(await page.getByText(password.success).count()).toBe(0)
      await expectAccessible(page, `lost-answer-password-${label}`)

      // The server made the change once: the old PIN is refused, the new one signs in, one notification.
      expect(await tokenOf(mainCustomer.kcode, pin)).toBeNull()
      const token = await tokenOf(mainCustomer.kcode, chosen)
      expect(token).not.toBeNull()
      expect(await pinChangedCount(token!)).toBe(before + 1)
      pin = chosen

      await page.getByRole('button', { name: password.unknownBack }).click()
      await page.waitForURL('**/app/profile')
      await page.getByRole('heading', { level: 1, name: profile.title }).waitFor()
    })
  }

  // The other customer's PIN, reset then changed once per screen size.
  let otherPin: string = statementOnlyCustomer.pin

  for (const [label, viewport] of SCREENS) {
    it(`PIN reset confirm, ${label}: "Résultat inconnu", the PIN sent once; then the temporary PIN's change, lost too`, async () => {
      const kcode = statementOnlyCustomer.kcode
      const chosen = label === 'desktop' ? '97531' : '86420'
      const changedBefore = await pinChangedCount((await tokenOf(kcode, otherPin))!)
      const page = await open(viewport)
      await page.goto('/reinit-password')
      await page.getByRole('heading', { level: 1, name: pinReset.askTitle }).waitFor()
      await page.getByLabel(pinReset.compteLabel).fill(kcode)
      const asked = page.waitForResponse((res) => new URL(res.url()).pathname === '/auth/v1/password/ask')
      await page.getByRole('button', { name: pinReset.askSubmit }).click()
      const reference = ((await (await asked).json()) as { code: string }).code
      await page.getByRole('heading', { level: 1, name: pinReset.confirmTitle }).waitFor()
      const code = await outboxCode(server.url, /Code de validation : (\d{8})\. Réinitialisation/, 'sms')
      const sentBefore = await newPinSmsCount()
      await devFault(server.url, { method: 'POST', path: PIN_RESET_CONFIRM, times: 1, loseAnswer: true, customer: kcode })

      await page.getByLabel(pinReset.tokenLabel).fill(code)
      const call = callOf(page, PIN_RESET_CONFIRM)
      await page.getByRole('button', { name: pinReset.confirmSubmit }).click()
      expect(await call).toBe('no answer')

      // rulings §6.2: the result unknown — read the messages first; no form, no retry.
      await page.getByRole('heading', { level: 1, name: pinReset.confirmUnknownTitle }).waitFor()
      expect(await page.getByText(pinReset.confirmUnknown).count()).toBe(1)
      expect(await page.getByRole('button', { name: pinReset.confirmSubmit }).count()).toBe(0)
      expect(await page.getByText(pinReset.confirmUnknownStatus).count()).toBe(0)
      await expectAccessible(page, `lost-answer-pin-reset-${label}`)

      // The server made the reset once: one new PIN sent.
      expect(await newPinSmsCount()).toBe(sentBefore + 1)
      const received = await outboxCode(server.url, /Votre nouveau code pin : (\d{5})/, 'sms')

      // "Se connecter": the PIN received opens "Choisissez un nouveau code PIN".
      await page.getByRole('button', { name: pinReset.signIn }).click()
      await page.waitForURL('**/login')
      await signIn(page, { code: kcode, pin: received }, '**/app/new-pin')
      await page.getByRole('heading', { level: 1, name: temporaryPin.title }).waitFor()

      // Its change's answer is lost too: what to do next, and the way out is to sign out.
      await devFault(server.url, { method: 'POST', path: CHANGE_PASSWORD, times: 1, loseAnswer: true, customer: kcode })
      await fillChange(page, temporaryPin, received, chosen)
      const change = callOf(page, CHANGE_PASSWORD)
      await page.getByRole('button', { name: temporaryPin.submit }).click()
      expect(await change).toBe('no answer')
      await page.getByRole('heading', { level: 2, name: temporaryPin.unknownTitle }).waitFor()
      expect(await page.getByText(temporaryPin.unknown).count()).toBe(1)
      expect(await page.getByRole('button', { name: temporaryPin.submit }).count()).toBe(0)
      await expectAccessible(page, `lost-answer-temporary-pin-${label}`)

      // The server made the change once: the new PIN signs in straight to the dashboard, one notification.
      await page.getByRole('button', { name: temporaryPin.unknownSignOut }).click()
      await page.waitForURL('**/login')
      await signIn(page, { code: kcode, pin: chosen })
      expect(await tokenOf(kcode, received)).toBeNull()
      expect(await pinChangedCount((await tokenOf(kcode, chosen))!)).toBe(changedBefore + 1)
      otherPin = chosen
      // The code is spent: a second confirm (what the form kept would have sent) is refused, nothing sent again.
      const again = await post<{ status: string }>(PIN_RESET_CONFIRM, { code: reference, token: code })
      expect(again.body.status).toBe('1')
      expect(await newPinSmsCount()).toBe(sentBefore + 1)
    })
  }
})
