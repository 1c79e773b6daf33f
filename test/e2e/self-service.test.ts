/**
 * The self-service screens in a real browser against the real server: forgotten PIN then sign-in with the new PIN,
 * password change then sign-in, contact update, photo upload (valid, too large, a text file named
 * .png), notifications paging and "afficher" lowering the counter. axe; 375 px.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { login, notifications, password, pinReset, profile, shell, validation } from '../../machines/messages'
import {
  launchBrowser,
  newPage,
  outboxCode,
  pageProblems,
  PHONE,
  signIn,
  startServer,
  submitSignIn,
  type RunningServer,
  expectAccessible,
  errorOf,
} from './harness'

let server: RunningServer
let browser: Browser
const pages: Page[] = []
/** K1234567's PIN: the password test changes it. */
let mainPin = '12345'

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
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

async function open(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport)
  pages.push(page)
  await page.goto(path)
  return page
}

async function signedIn(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport)
  pages.push(page)
  await signIn(page, { code: 'K1234567', pin: mainPin })
  await page.goto(path)
  await page.getByRole('heading', { level: 1 }).waitFor()
  return page
}

const outbox = (pattern: RegExp) => outboxCode(server.url, pattern, 'sms')

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

describe('forgotten PIN', () => {
  it('resets the PIN in two steps, then the new PIN signs in (375 px)', async () => {
    const page = await open('/login', PHONE)
    await page.getByRole('link', { name: login.forgotPin }).click()
    await page.getByRole('heading', { name: pinReset.askTitle }).waitFor()
    await page.getByRole('button', { name: pinReset.askSubmit }).click()
    expect(await errorOf(page, 'compte')).toBe(validation.resetCodeRequired)
    await expectAccessible(page, 'pin-reset-ask-phone')
    await page.locator('main [name="compte"]').fill('K7654321')
    await page.getByRole('button', { name: pinReset.askSubmit }).click()
    await page.getByRole('heading', { name: pinReset.confirmTitle }).waitFor()
    await page.getByRole('button', { name: pinReset.confirmSubmit }).click()
    expect(await errorOf(page, 'token')).toBe(validation.tokenRequired)
    await page.locator('main [name="token"]').fill('1234')
    await page.getByRole('button', { name: pinReset.confirmSubmit }).click()
    expect(await errorOf(page, 'token')).toBe(validation.tokenTooShort)
    await expectAccessible(page, 'pin-reset-confirm-phone')
    const code = await outbox(/Code de validation : (\d{8})\. Réinitialisation/)
    await page.locator('main [name="token"]').fill(code)
    await page.getByRole('button', { name: pinReset.confirmSubmit }).click()
    await page.getByText(pinReset.success).waitFor()
    await expectAccessible(page, 'pin-reset-done-phone')
    const newPin = await outbox(/Votre nouveau code pin : (\d{5})/)
    await page.getByRole('button', { name: pinReset.signIn }).click()
    await page.waitForURL('**/login')
    await submitSignIn(page, { code: 'K7654321', pin: '54321' })
    await page.getByRole('alert').filter({ hasText: login.wrongCredentials }).waitFor()
    await submitSignIn(page, { code: 'K7654321', pin: newPin })
    // rulings §9.5: the PIN sent opens "Choisissez un nouveau code PIN" first (test/e2e/temporary-pin.test.ts)
    await page.waitForURL('**/app/new-pin')
  })
})

describe('password change', () => {
  it('checks the fields, refuses a wrong old PIN, then changes it and the new PIN signs in', async () => {
    const page = await signedIn('/app/update-password')
    await page.getByRole('heading', { name: password.title }).waitFor()
    const submit = () => page.locator('main form button[type="submit"]').click()
    await submit()
    expect(await errorOf(page, 'oldPassword')).toBe(validation.oldPasswordRequired)
    expect(await errorOf(page, 'password')).toBe(validation.passwordRequired)
    expect(await errorOf(page, 'password2')).toBe(validation.passwordRequired)
    await page.locator('main [name="oldPassword"]').fill('123')
    await submit()
    expect(await errorOf(page, 'oldPassword')).toBe(validation.oldPasswordMin)
    await expectAccessible(page, 'password-errors')

    await page.locator('main [name="oldPassword"]').fill('99999')
    await page.locator('main [name="password"]').fill('67890')
    await page.locator('main [name="password2"]').fill('67890')
    await submit()
    await page.getByRole('alert').waitFor()

    await page.locator('main [name="oldPassword"]').fill(mainPin)
    await page.locator('main [name="password"]').fill('67890')
    await page.locator('main [name="password2"]').fill('67890')
    await submit()
    await page.getByText(password.success).waitFor()
    mainPin = '67890'
    await page.evaluate(() => sessionStorage.clear())
    await page.goto('/login')
    await submitSignIn(page, { code: 'K1234567', pin: '12345' })
    await page.getByRole('alert').filter({ hasText: login.wrongCredentials }).waitFor()
    await submitSignIn(page, { code: 'K1234567', pin: mainPin })
    await page.waitForURL('**/app/dashboard')
  })
})

describe('profile, contact and photo', () => {
  it('shows the profile and updates the contact data (375 px)', async () => {
    const page = await signedIn('/app/profile', PHONE)
    await page.getByRole('heading', { name: profile.title }).waitFor()
    await page.locator('main').getByText(`${profile.codePrefix}K1234567`).waitFor()
    await expectAccessible(page, 'profile-phone')
    await page.getByRole('link', { name: profile.editContact }).click()
    await page.getByRole('heading', { name: profile.contactTitle }).waitFor()
    await expect.poll(() => page.locator('main [name="email"]').inputValue()).not.toBe('')
    await page.locator('main [name="phone"]').fill('12')
    await page.locator('main form button[type="submit"]').click()
    expect(await errorOf(page, 'phone')).toBe(validation.phoneFormat)
    await expectAccessible(page, 'contact-errors-phone')
    await page.locator('main [name="phone"]').fill('0991234567')
    await page.locator('main [name="address"]').fill('12 avenue du Commerce, Gombe')
    await page.locator('main form button[type="submit"]').click()
    await page.getByText(profile.contactSent).first().waitFor()
    await page.waitForURL('**/app/profile')
    await page.getByText('0991234567').waitFor()
  })

  it('uploads a photo; refuses a too-large file and a text file named .png', async () => {
    const page = await signedIn('/app/update-picture')
    await page.getByRole('heading', { name: profile.pictureTitle }).waitFor()
    const input = page.locator('main input[type="file"]')
    await page.locator('main form button[type="submit"]').click()
    expect(await errorOf(page, 'photo')).toBe(validation.photoRequired)

    await input.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) })
    await page.locator('main form button[type="submit"]').click()
    expect(await errorOf(page, 'photo')).toBe(validation.photoSize)

    await input.setInputFiles({ name: 'pas-une-image.png', mimeType: 'image/png', buffer: Buffer.from('ceci est un texte') })
    await page.locator('main form button[type="submit"]').click()
    await page.getByText(validation.photoType).first().waitFor()
    await expectAccessible(page, 'photo-refused')

    await input.setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: PNG })
    await page.locator('main form button[type="submit"]').click()
    await page.waitForURL('**/app/profile')
    await expect.poll(() => page.locator('main img[src^="blob:"]').count()).toBeGreaterThan(0)
    await expectAccessible(page, 'profile-with-photo')
  })
})

describe('notifications', () => {
  it('pages by 5, and "afficher" reveals the text and lowers the counter at once', async () => {
    const page = await signedIn('/app/notification')
    await page.getByRole('heading', { name: notifications.title }).waitFor()
    const items = page.getByRole('list', { name: notifications.listLabel }).getByRole('listitem')
    await expect.poll(() => items.count()).toBe(5)
    const counter = page.locator('#menu-lateral [aria-label*="notification"]')
    await counter.waitFor()
    const before = Number(await counter.textContent())
    expect(before).toBeGreaterThan(0)
    await expectAccessible(page, 'notifications')
    // Open the first unread one: its text shows and the counter goes down by one at once.
    const unread = items.filter({ hasText: notifications.unread }).first()
    const unreadBefore = await items.filter({ hasText: notifications.unread }).count()
    await unread.getByRole('button').click()
    await expect.poll(() => items.filter({ hasText: notifications.unread }).count()).toBe(unreadBefore - 1)
    await expect.poll(async () => Number(await counter.textContent()), { timeout: 5_000 }).toBe(before - 1)
    await page.getByRole('button', { name: notifications.next }).click()
    await expect.poll(() => page.locator('main [aria-current="page"]').textContent()).toBe('2')
    await expect.poll(() => items.count()).toBeGreaterThan(0)
    expect(shell.notifications).toBeTruthy()
  })
})

describe('at 375 px', () => {
  it('every self-service screen is accessible and fits a phone', async () => {
    const page = await signedIn('/app/profile', PHONE)
    for (const [path, name] of [
      ['/app/update-password', 'password'],
      ['/app/update-contact', 'contact'],
      ['/app/update-picture', 'photo'],
      ['/app/notification', 'notifications'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.locator('main form, main ul').first().waitFor()
      // Nothing wider than the screen: no sideways scrolling of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await expectAccessible(page, `${name}-phone`)
    }
  })
})
