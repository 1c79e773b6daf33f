/**
 * My transfers (rulings §9.1) in a real browser against the real server, as K1234567: the list,
 * newest first, with the demo's executed transfers and pending ones asked here through the
 * contract; the filters by state and kind; an executed one's receipt (and its failure, rulings
 * §9.7); a pending one completed with the code the demo outbox holds; one cancelled after its
 * confirmation; at 1280 and 375 px in both themes, axe clean.
 */
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { myTransfers as texts, transfer as transferTexts } from '../../machines/messages'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data'
import {
  DEMO_USER,
  devFault,
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

const usdPayee = payeeAccounts.find((p) => p.currency === '1')!

let server: RunningServer
let browser: Browser
let token: string
const pages: Page[] = []

beforeAll(async () => {
  // Every test asks its own pending transfers: more than the default 20 asks in 15 minutes.
  ;[server, browser] = await Promise.all([startServer({ TRANSFER_ASK_LIMIT: '200' }), launchBrowser()])
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USER.code, password: DEMO_USER.pin }),
  })
  token = ((await login.json()) as { token: string }).token
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

/** A pending account transfer of `amount` USD asked through the contract, as the transfer screen would: its reference. */
async function askPending(amount: string, description: string): Promise<string> {
  const res = await fetch(`${server.url}/api/rest/customer/v1/transfer/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ debitAccount: mainCustomer.accounts.usd.number, creditAccount: usdPayee.number, description, currency: '1', amount }),
  })
  const body = (await res.json()) as { status: string; code: string }
  expect(body.status).toBe('0')
  return body.code
}

/** The code the SMS of the transfer of `amount` (French format, "7,31") carried. */
async function codeFor(amount: string): Promise<string> {
  const outbox = (await (await fetch(`${server.url}/__dev/outbox`)).json()) as { channel: string; text: string }[]
  const sms = outbox.find((m) => m.channel === 'sms' && m.text.includes(`Transfert de ${amount}`) && /Code de validation : \d{8}/.test(m.text))
  if (!sms) throw new Error(`no code sent for ${amount}`)
  return /Code de validation : (\d{8})/.exec(sms.text)![1]!
}

async function openList(viewport = THEMED_SCREENS[0][1], colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme })
  pages.push(page)
  await signIn(page)
  await page.goto('/app/transfers')
  await page.getByRole('heading', { level: 1, name: texts.title }).waitFor()
  await page.getByRole('list', { name: texts.listLabel }).waitFor()
  return page
}

/** The card of the transfer whose reference is shown in it. */
const itemOf = (page: Page, reference: string) => page.getByRole('listitem').filter({ hasText: reference })
const badges = (page: Page) => page.getByRole('list', { name: texts.listLabel }).locator('li > div > span')

describe('My transfers', () => {
  it('lists every transfer newest first with kind, payee, amount, state and date; filters by state and kind', async () => {
    const reference = await askPending('3.17', 'Liste des transferts')
    const page = await openList()
    // The newest first: the transfer just asked, pending, with its buttons.
    const first = page.getByRole('list', { name: texts.listLabel }).getByRole('listitem').first()
    await expect.poll(() => first.textContent()).toContain(reference)
    const text = (await first.textContent())!
    expect(text).toContain(texts.kinds.account)
    expect(text).toContain(usdPayee.holder)
    expect(text).toContain('3,17\u00a0USD')
    expect(text).toContain(texts.states.pending)
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
    await first.getByRole('button', { name: texts.enterCode }).waitFor()
    await first.getByRole('button', { name: texts.cancel }).waitFor()
    await expectAccessible(page, 'my-transfers-list')

    // State: executed only (the demo's history holds executed transfers to named wallets).
    await page.locator('main select[name="state"]').selectOption('executed')
    await expect.poll(async () => (await badges(page).allTextContents()).length).toBeGreaterThan(0)
    await expect.poll(async () => [...new Set(await badges(page).allTextContents())]).toEqual([texts.states.executed])
    expect(await page.getByRole('button', { name: texts.enterCode }).count()).toBe(0)

    // Kind: to mobile only, executed.
    await page.locator('main select[name="kind"]').selectOption('momo')
    const headings = () => page.getByRole('list', { name: texts.listLabel }).getByRole('heading').allTextContents()
    await expect
      .poll(async () => {
        const shown = await headings()
        return shown.length > 0 && shown.every((h) => h.startsWith(texts.kinds.momo))
      })
      .toBe(true)
    // Payees named where the bank knows the wallet (rulings §9.2): "Cédric Mutombo (243971234567)".
    expect((await headings()).every((h) => /— .+ \(243\d{9}\)$/.test(h))).toBe(true)

    // A kind with nothing in that state says so.
    await page.locator('main select[name="state"]').selectOption('expired')
    await page.getByText(texts.emptyFiltered).waitFor()
  })

  it("downloads an executed transfer's receipt, the success screen's PDF; a failure says so (rulings §9.7)", async () => {
    const page = await openList()
    await page.locator('main select[name="state"]').selectOption('executed')
    const executed = page.getByRole('list', { name: texts.listLabel }).getByRole('listitem').first()
    await executed.getByRole('button', { name: texts.receipt }).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), executed.getByRole('button', { name: texts.receipt }).click()])
    expect(download.suggestedFilename()).toMatch(/^recu-[A-Z0-9]+\.pdf$/)
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')

    const reference = /^recu-([A-Z0-9]+)\.pdf$/.exec(download.suggestedFilename())![1]!
    await devFault(server.url, { path: `/api/rest/customer/v1/transfer/receipt/${reference}`, status: 500, body: { message: 'boom' }, times: 1 })
    await itemOf(page, reference).getByRole('button', { name: texts.receipt }).click()
    await page.getByText(texts.downloadFailed).waitFor()
    expect(texts.downloadFailed).toBe('Le téléchargement a échoué. Veuillez réessayer.')
  })

  it('completes a pending transfer with the code sent by SMS, and downloads its receipt', async () => {
    const reference = await askPending('7.31', 'Compléter avec le code')
    const page = await openList()
    await itemOf(page, reference).getByRole('button', { name: texts.enterCode }).click()
    await page.getByRole('heading', { name: transferTexts.codeTitle }).waitFor()
    await page.getByText(transferTexts.codeFor('7,31\u00a0USD', usdPayee.holder)).waitFor()
    // The code field has the focus, its limits and keyboard.
    const field = page.locator('main input[name="token"]')
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await field.getAttribute('maxlength')).toBe('12')
    expect(await field.getAttribute('inputmode')).toBe('numeric')
    await expectAccessible(page, 'my-transfers-code')

    // A wrong code first: the bank's refusal on the field, with the tries left.
    await field.fill('00000000')
    await page.getByRole('button', { name: transferTexts.codeSubmit }).click()
    await page.getByText(transferTexts.triesLeft(2)).waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')

    await field.fill(await codeFor('7,31'))
    await page.getByRole('button', { name: transferTexts.codeSubmit }).click()
    await page.getByRole('heading', { name: transferTexts.doneTitle }).waitFor()
    await page.getByText(/Votre transfert a été traité avec succès\. Nouveau solde : [\d\u202f]+,\d{2}\u00a0USD/).waitFor()
    await expectAccessible(page, 'my-transfers-done')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.receipt }).click()])
    expect(download.suggestedFilename()).toBe(`recu-${reference}.pdf`)

    // Back to the list: the bank now says executed.
    await page.getByRole('button', { name: texts.back }).click()
    await expect.poll(async () => (await itemOf(page, reference).textContent()) ?? '').toContain(texts.states.executed)
    // The list is announced by its heading: the button that had the focus is gone.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
  })

  it("a confirm answered without a status: 'Résultat inconnu', then the list shows the bank's state (rulings §9.1, §6.2)", async () => {
    const reference = await askPending('6.66', 'Réponse illisible')
    const page = await openList()
    await itemOf(page, reference).getByRole('button', { name: texts.enterCode }).click()
    await devFault(server.url, { path: '/api/rest/customer/v1/transfer/confirm', status: 200, body: {}, times: 1 })
    await page.locator('main input[name="token"]').fill(await codeFor('6,66'))
    await page.getByRole('button', { name: transferTexts.codeSubmit }).click()
    await page.getByRole('heading', { name: texts.states.unknown }).waitFor()
    await page.getByText(texts.resultUnknown).waitFor()
    await expectAccessible(page, 'my-transfers-unknown')
    // The fault answered in the bank's place: the transfer is still pending there, and the list says so.
    await page.getByRole('button', { name: texts.back }).click()
    await expect.poll(async () => (await itemOf(page, reference).textContent()) ?? '').toContain(texts.states.pending)
  })

  it('cancels a pending transfer after its confirmation; keeping it changes nothing', async () => {
    const reference = await askPending('4.44', 'A annuler')
    const page = await openList()
    const item = itemOf(page, reference)
    await item.getByRole('button', { name: texts.cancel }).click()
    const dialog = page.getByRole('dialog', { name: texts.cancelTitle })
    await dialog.waitFor()
    await expectAccessible(page, 'my-transfers-cancel')
    await dialog.getByRole('button', { name: texts.cancelKeep }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await item.textContent()).toContain(texts.states.pending)

    await item.getByRole('button', { name: texts.cancel }).click()
    await dialog.getByRole('button', { name: texts.cancelConfirm }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(async () => (await item.textContent()) ?? '').toContain(texts.states.cancelled)
    expect(await item.textContent()).toContain(texts.cancelReasons.by_customer)
    expect(await item.getByRole('button', { name: texts.enterCode }).count()).toBe(0)
  })

  it('is reached from the menu and the dashboard', async () => {
    const { page } = await newPage(browser, server.url)
    pages.push(page)
    await signIn(page)
    await page.getByRole('link', { name: texts.dashboardLink }).waitFor()
    await expectAccessible(page, 'my-transfers-dashboard-link')
    await page.getByRole('link', { name: texts.dashboardLink }).click()
    await page.waitForURL('**/app/transfers')
    await page.getByRole('heading', { level: 1, name: texts.title }).waitFor()
    await page.goto('/app/dashboard')
    await page.getByRole('navigation').getByRole('link', { name: texts.title }).first().click()
    await page.waitForURL('**/app/transfers')
  })

  // One walk, each of its screens looked at in the four widths and themes in place (inEachScreen).
  it('the list, the code form and the cancel dialog, in each width and theme: axe clean', async () => {
    const reference = await askPending('2.05', 'Ecran')
    const page = await openList()
    await itemOf(page, reference).waitFor()
    await inEachScreen(page, async (label) => {
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), label).toBe(true)
      expect(await itemOf(page, reference).isVisible(), label).toBe(true)
      await expectAccessible(page, `my-transfers-${label}`)
    })
    await itemOf(page, reference).getByRole('button', { name: texts.cancel }).click()
    await page.getByRole('dialog', { name: texts.cancelTitle }).waitFor()
    await inEachScreen(page, async (label) => {
      expect(await page.getByRole('dialog', { name: texts.cancelTitle }).isVisible(), label).toBe(true)
      await expectAccessible(page, `my-transfers-cancel-${label}`)
    })
    await page.getByRole('button', { name: texts.cancelKeep }).click()
    await itemOf(page, reference).getByRole('button', { name: texts.enterCode }).click()
    await page.getByRole('heading', { name: transferTexts.codeTitle }).waitFor()
    await inEachScreen(page, async (label) => {
      expect(await page.getByRole('heading', { name: transferTexts.codeTitle }).isVisible(), label).toBe(true)
      await expectAccessible(page, `my-transfers-code-${label}`)
    })
  })
})
