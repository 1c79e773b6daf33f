/**
 * The transfers in a real browser against the real server: the three transfers from form to receipt as
 * K1234567, with the code read from the demo outbox; a receipt whose download fails (rulings §9.7);
 * wrong and expired codes; insufficient balance; every validation message of the three forms and of the code form; axe; 375 px.
 */
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { access, api, shell, transfer as texts, validation } from '../../machines/messages'
import { payeeAccounts, unknownAccountNumber } from '../../server/demo/demo-data'
import {
  DESKTOP,
  devFault,
  launchBrowser,
  newPage,
  pageProblems,
  PHONE,
  screenshot,
  signIn,
  startServer,
  submitSignIn,
  type RunningServer,
  expectAccessible,
  errorOf,
} from './harness'

const USD = '000170100100123456701'
const EUR = '000170100100123456703'
const usdPayee = payeeAccounts.find((p) => p.currency === '1')!

let server: RunningServer
let browser: Browser
const pages: Page[] = []

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

async function signedIn(path: string, viewport?: { width: number; height: number }, on = server): Promise<Page> {
  const { page } = await newPage(browser, on.url, viewport)
  pages.push(page)
  await signIn(page)
  await page.goto(path)
  await page.getByRole('button', { name: texts.submit }).waitFor()
  return page
}

/** The newest code sent by SMS (rulings §4: the text names amount, currency and payee). */
async function lastCode(on = server): Promise<{ code: string; text: string }> {
  const outbox = (await (await fetch(`${on.url}/__dev/outbox`)).json()) as { channel: string; text: string }[]
  const sms = outbox.find((m) => m.channel === 'sms' && /Code de validation : \d{8}/.test(m.text))!
  return { code: /Code de validation : (\d{8})/.exec(sms.text)![1]!, text: sms.text }
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const select = page.locator(`main select[name="${name}"]`)
    if (await select.count()) await select.selectOption(value)
    else await page.locator(`main input[name="${name}"]`).fill(value)
  }
}

const submit = (page: Page) => page.getByRole('button', { name: texts.submit }).click()
const confirm = (page: Page) => page.getByRole('button', { name: texts.codeSubmit }).click()

/**
 * From the dashboard: the USD balance shown, then a transfer of `amount` from the USD account by
 * its tile, to the result screen; the balance before and the new one the result gives.
 */
async function transferFromDashboard(page: Page, amount: string): Promise<{ oldBalance: string; newBalance: string }> {
  const shown = await page.locator(`main [data-account="${USD}"]`).textContent()
  const oldBalance = /([\d\u202f]+,\d{2})\u00a0USD/.exec(shown!)![1]!
  await page.locator('main a[data-module="transfert"]').click()
  await page.getByRole('button', { name: texts.submit }).waitFor()
  await page.locator(`main select[name="debitAccount"] option[value="${USD}"]`).waitFor({ state: 'attached' })
  await fill(page, { debitAccount: USD, amount, creditAccount: usdPayee.number, description: 'Retour au tableau' })
  await page.getByText(texts.holder(usdPayee.holder)).waitFor()
  await submit(page)
  await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
  await fill(page, { token: (await lastCode()).code })
  await confirm(page)
  const done = await page
    .getByText(/Nouveau solde : [\d\u202f]+,\d{2}\u00a0USD/)
    .first()
    .textContent()
  return { oldBalance, newBalance: /Nouveau solde : ([\d\u202f]+,\d{2})/.exec(done!)![1]! }
}

describe('account transfer', () => {
  it('goes from form to receipt, with the holder looked up and the code from the outbox', async () => {
    const page = await signedIn('/app/transfer')
    await expectAccessible(page, 'transfer-form')
    await fill(page, { debitAccount: USD, amount: '12,50', creditAccount: usdPayee.number, description: 'Loyer de novembre' })
    await page.getByText(texts.holder(usdPayee.holder)).waitFor()
    await submit(page)
    await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
    const { code, text } = await lastCode()
    expect(text).toContain('12,50')
    expect(text).toContain('USD')
    expect(text).toContain(usdPayee.holder)
    await page.getByText(/Temps restant : [45]:\d{2}/).waitFor()
    await expectAccessible(page, 'transfer-code')
    await fill(page, { token: code })
    await confirm(page)
    await page.getByRole('heading', { name: texts.doneTitle }).waitFor()
    await page
      .getByText(/Votre transfert a été traité avec succès\. Nouveau solde : [\d\u202f]+,\d{2}\u00a0USD/)
      .first()
      .waitFor()
    await expectAccessible(page, 'transfer-done')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.receipt }).click()])
    expect(download.suggestedFilename()).toMatch(/^recu-.+\.pdf$/)
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')

    // The payee is now a frequently used account, offered on the next transfer.
    await page.getByRole('button', { name: texts.another }).click()
    await expect.poll(() => page.locator(`datalist option[value="${usdPayee.number}"]`).count()).toBe(1)
  })

  it.each([
    { width: 'desktop', viewport: DESKTOP, colorScheme: 'light' as const },
    { width: 'phone', viewport: PHONE, colorScheme: 'dark' as const },
  ])(
    'a receipt that could not be downloaded says so on the success screen, $width $colorScheme (rulings §9.7); the message goes on the next try',
    async ({ width, viewport, colorScheme }) => {
      const { page } = await newPage(browser, server.url, viewport, { colorScheme })
      pages.push(page)
      await signIn(page)
      await page.goto('/app/transfer')
      await page.locator(`main select[name="debitAccount"] option[value="${USD}"]`).waitFor({ state: 'attached' })
      await fill(page, { debitAccount: USD, amount: '3', creditAccount: usdPayee.number, description: 'Reçu en panne' })
      await page.getByText(texts.holder(usdPayee.holder)).waitFor()
      await submit(page)
      await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
      await fill(page, { token: (await lastCode()).code })
      await confirm(page)
      await page.getByRole('heading', { name: texts.doneTitle }).waitFor()

      // The bank's receipt call fails once (a demo fault on the path of the reference shown).
      const reference = (await page.locator('main dd').first().locator('span').first().textContent())!.trim()
      expect(reference).toMatch(/^[A-Z0-9]+$/)
      await devFault(server.url, { path: `/api/rest/customer/v1/transfer/receipt/${reference}`, status: 500, body: { message: 'boom' }, times: 1 })
      await page.getByRole('button', { name: texts.receipt }).click()
      const alert = page.getByRole('alert').filter({ hasText: texts.downloadFailed })
      await alert.waitFor()
      expect(await alert.textContent()).toBe('Le téléchargement a échoué. Veuillez réessayer.')
      // The success screen stays: its reference, its buttons.
      await page.getByRole('heading', { name: texts.doneTitle }).waitFor()
      expect(await page.getByRole('button', { name: texts.another }).count()).toBe(1)
      await expectAccessible(page, `transfer-receipt-failed-${width}-${colorScheme}`)

      // The next try: the message goes, the PDF is saved.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.receipt }).click()])
      expect(download.suggestedFilename()).toBe(`recu-${reference}.pdf`)
      await expect.poll(() => page.getByText(texts.downloadFailed).count()).toBe(0)
    },
  )

  it('after a transfer the balances are read again when a screen shows them, never shown old', async () => {
    const { page } = await newPage(browser, server.url)
    pages.push(page)
    const accountReads: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/rest/customer/v1/account')) accountReads.push(request.url())
    })
    await signIn(page)
    // The sign-in's own read (the browser's events reach the test a little late on a busy machine).
    await expect.poll(() => accountReads.length).toBe(1)
    const { oldBalance, newBalance } = await transferFromDashboard(page, '3,25')
    expect(newBalance).not.toBe(oldBalance)
    // The customer reads the result: nothing is read meanwhile (mobile data).
    await page.waitForTimeout(500)
    expect(accountReads).toHaveLength(1)

    // Another transfer: its select shows the balances, read again; the old one never shows.
    const usdOption = page.locator(`main select[name="debitAccount"] option[value="${USD}"]`)
    await page.getByRole('button', { name: texts.another }).click()
    await usdOption.waitFor({ state: 'attached' })
    expect(await usdOption.textContent()).not.toContain(oldBalance)
    await expect.poll(() => usdOption.textContent()).toContain(newBalance)
    expect(accountReads).toHaveLength(2)

    // The dashboard then shows the fresh list at once, without reading it again.
    const usdOnDashboard = page.locator(`main [data-account="${USD}"]`)
    await page.locator('#menu-lateral').getByRole('link', { name: shell.dashboard }).click()
    await usdOnDashboard.waitFor()
    expect(await usdOnDashboard.textContent()).toContain(newBalance)
    expect(accountReads).toHaveLength(2)
  })

  it('after a transfer the dashboard reads the balances when it opens, and never shows the old one', async () => {
    const { page } = await newPage(browser, server.url)
    pages.push(page)
    await signIn(page)
    const { oldBalance, newBalance } = await transferFromDashboard(page, '1,75')
    const usdOnDashboard = page.locator(`main [data-account="${USD}"]`)
    await page.locator('#menu-lateral').getByRole('link', { name: shell.dashboard }).click()
    await usdOnDashboard.waitFor()
    expect(await usdOnDashboard.textContent()).not.toContain(oldBalance)
    expect(await usdOnDashboard.textContent()).toContain(newBalance)
  })

  it('shows every validation message of the form, and an unknown holder', async () => {
    const page = await signedIn('/app/transfer', PHONE)
    await submit(page)
    expect(await errorOf(page, 'debitAccount')).toBe(validation.debitAccountRequired)
    expect(await errorOf(page, 'amount')).toBe(validation.amountRequired)
    expect(await errorOf(page, 'creditAccount')).toBe(validation.creditAccountRequired)
    expect(await errorOf(page, 'description')).toBe(validation.descriptionRequired)
    await expectAccessible(page, 'transfer-errors-phone')
    await fill(page, { amount: '12.345', creditAccount: '00017', description: 'abc' })
    expect(await errorOf(page, 'amount')).toBe(validation.amountFormat)
    expect(await errorOf(page, 'creditAccount')).toBe(validation.creditAccountLength)
    expect(await errorOf(page, 'description')).toBe(validation.descriptionTooShort)
    await fill(page, { creditAccount: unknownAccountNumber })
    await page.getByText(texts.holderNotFound).waitFor()
  })

  it('refuses an amount above the balance with the server message; a wrong code keeps the code form, the third ends the transfer', async () => {
    const page = await signedIn('/app/transfer')
    await fill(page, { debitAccount: USD, amount: '99999999', creditAccount: usdPayee.number, description: 'Trop cher pour moi' })
    await submit(page)
    await page
      .getByRole('alert')
      .filter({ hasText: /Solde insuffisant/ })
      .waitFor()

    await fill(page, { amount: '1' })
    await submit(page)
    await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
    const { code } = await lastCode()
    const wrong = code.startsWith('0') ? '11111111' : '00000000'
    // rulings §6.1: a wrong code with tries left keeps the code form, with the tries left said once.
    await fill(page, { token: wrong })
    await confirm(page)
    await page
      .locator('main')
      .getByRole('alert')
      .filter({ hasText: api.transfer.wrongCode(2) })
      .waitFor()
    expect(await page.locator('main').getByRole('alert').textContent()).toBe(api.transfer.wrongCode(2))
    expect(await page.getByRole('button', { name: texts.retry }).count()).toBe(0)
    await fill(page, { token: wrong })
    await confirm(page)
    await page
      .locator('main')
      .getByRole('alert')
      .filter({ hasText: api.transfer.wrongCode(1) })
      .waitFor()
    // The third wrong code ends the transfer (status '1'): the code form is hidden, a new transfer offered.
    await fill(page, { token: wrong })
    await confirm(page)
    await page.getByRole('button', { name: texts.retry }).waitFor()
    expect(await page.locator('main').getByRole('alert').textContent()).toBe(api.transfer.cancelledWrongCode)
    expect(await page.locator('input[name="token"]').count()).toBe(0)
    await expectAccessible(page, 'transfer-refused')
    await page.getByRole('button', { name: texts.retry }).click()
    await page.getByRole('button', { name: texts.submit }).waitFor()
  })

  it('checks the code form: required, digits only, 8 digits', async () => {
    const page = await signedIn('/app/transfer')
    await fill(page, { debitAccount: USD, amount: '2', creditAccount: usdPayee.number, description: 'Petit virement' })
    await submit(page)
    await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
    await confirm(page)
    expect(await errorOf(page, 'token')).toBe(validation.tokenRequired)
    await fill(page, { token: '12ab5678' })
    expect(await errorOf(page, 'token')).toBe(validation.tokenDigits)
    await fill(page, { token: '1234' })
    expect(await errorOf(page, 'token')).toBe(validation.tokenTooShort)
  })
})

describe('mobile money', () => {
  it('goes from form to success at 375 px, with the three steps and a kept code form after a wrong code', async () => {
    const page = await signedIn('/app/momo', PHONE)
    await page.getByRole('heading', { name: texts.momoHeading, level: 1 }).waitFor()
    await page.getByRole('heading', { name: texts.momoFormTitle }).waitFor()
    for (const step of texts.steps) await page.getByText(step).waitFor()
    await submit(page)
    expect(await errorOf(page, 'currencySent')).toBe(validation.currencyRequired)
    expect(await errorOf(page, 'phone')).toBe(validation.momoNumberRequired)
    await fill(page, { phone: '24381234' })
    expect(await errorOf(page, 'phone')).toBe(validation.momoNumberFormat)
    await expectAccessible(page, 'momo-errors-phone')

    await fill(page, { debitAccount: USD, amount: '5', currencySent: '1', phone: '243812345678', description: 'Pour maman' })
    await page.getByText(/Solde disponible : /).waitFor()
    await submit(page)
    await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
    const { code, text } = await lastCode()
    expect(text).toContain('243812345678')
    await fill(page, { token: code.startsWith('0') ? '11111111' : '00000000' })
    await confirm(page)
    // spec §4: momo keeps the code form after a refused code, with the tries left — said once
    // (the server's description already gives them).
    await page.getByText(texts.triesLeft(2)).waitFor()
    expect(await page.locator('main').getByRole('alert').textContent()).toBe(api.transfer.wrongCode(2))
    await fill(page, { token: code })
    await confirm(page)
    await page.getByRole('heading', { name: texts.doneTitle }).waitFor()
    await expectAccessible(page, 'momo-done-phone')
  })
})

describe('prepaid card', () => {
  it('converts a debit in another currency and goes to success', async () => {
    const page = await signedIn('/app/prepaid-card')
    await page.getByRole('heading', { name: texts.cardHeading, level: 1 }).waitFor()
    await submit(page)
    expect(await errorOf(page, 'accountId')).toBe(validation.cardAccountRequired)
    expect(await errorOf(page, 'lastFour')).toBe(validation.lastFourRequired)
    await fill(page, { accountId: '123', lastFour: '12' })
    expect(await errorOf(page, 'accountId')).toBe(validation.cardAccountFormat)
    expect(await errorOf(page, 'lastFour')).toBe(validation.lastFourFormat)

    await fill(page, { debitAccount: USD, amount: '10', currencySent: '2', accountId: '12345678', lastFour: '4321', description: 'Recharge carte' })
    await submit(page)
    await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
    await page.getByText(/Montant débité : [\d\u202f]+,\d{2}\u00a0USD/).waitFor()
    await expectAccessible(page, 'card-code')
    await fill(page, { token: (await lastCode()).code })
    await confirm(page)
    await page.getByRole('heading', { name: texts.doneTitle }).waitFor()
  })
})

describe('codes that expire', () => {
  it('a code past its life can no longer be typed nor sent (the server refuses it too: test/server)', async () => {
    const shortLived = await startServer({ CODE_LIFETIME_SECONDS: '3' })
    try {
      const page = await signedIn('/app/momo', undefined, shortLived)
      await fill(page, { debitAccount: EUR, amount: '3', currencySent: '1', phone: '243991234567', description: 'Trop tard' })
      await submit(page)
      await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
      await page.getByText(texts.codeExpired).waitFor({ timeout: 10_000 })
      expect(await page.locator('main input[name="token"]').isDisabled()).toBe(true)
      expect(await page.getByRole('button', { name: texts.codeSubmit }).isDisabled()).toBe(true)
      await screenshot(page, 'momo-expired')
    } finally {
      await shortLived.stop()
    }
  })
})

describe('modules', () => {
  it('a customer without the transfer modules cannot open their screens', async () => {
    const { page } = await newPage(browser, server.url)
    pages.push(page)
    await page.goto('/login')
    await submitSignIn(page, { code: 'K7654321', pin: '54321' })
    await page.waitForURL('**/app/dashboard')
    // rulings §6.3: inside the shell, the explanation and the way back to the dashboard.
    await page.goto('/app/momo')
    await page.getByText(access.notGranted).waitFor()
    await page.getByRole('link', { name: access.backToDashboard }).waitFor()
    expect(await page.getByRole('heading', { name: texts.momoHeading }).count()).toBe(0)
  })
})
