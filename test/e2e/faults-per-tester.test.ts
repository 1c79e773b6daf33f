/**
 * QA per tester (rulings §9.8, docs/qa.md), in a real browser against the real demo server serving
 * the QA build: the QA panel hands the signed-in customer to the fault page, whose scenarios are
 * then that customer's alone; a confirm carried out whose answer is lost shows "Résultat inconnu",
 * and the money moved exactly once; the QA panel, docked at the bottom or on the side, never covers
 * the form's submit button, at 1280 and at 375 px, in both themes.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { devFaults } from '../../kernel/messages/devTools'
import { accounts as accountTexts, myTransfers as myTransfersTexts, transfer as texts } from '../../machines/messages'
import { mainCustomer, payeeAccounts, statementOnlyCustomer } from '../../server/demo/demo-data'
import { flowLegend, kindLegend } from '../../server/demo/faults-page'
import { scenarioById, transferCalls } from '../../server/demo/fault-scenarios'
import { readSettings } from '../../server/settings'
import { qa as qaTexts } from '../../src/qa/qa.texts'
import {
  callOf,
  DESKTOP,
  E2E_DIST_QA,
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

const t = devFaults
const USD = mainCustomer.accounts.usd!.number
const usdPayee = payeeAccounts.find((p) => p.currency === '1')!

let server: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ DIST_DIR: E2E_DIST_QA }), launchBrowser()])
})
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

async function open(viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme })
  pages.push(page)
  return page
}

/** The API as the customer: a session token of her own (the browser's is its own business). */
async function apiAs(customer: { kcode: string; pin: string }) {
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: customer.kcode, password: customer.pin }),
  })
  const { token } = (await login.json()) as { token: string }
  return async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${server.url}/api/rest/customer/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    expect(res.status, path).toBe(200)
    return (await res.json()) as T
  }
}

/** An exact decimal string in cents (no floating point on money). */
const cents = (amount: string) => {
  const [units, fraction = ''] = amount.replace('-', '').split('.')
  const value = BigInt(units!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
  return amount.startsWith('-') ? -value : value
}

/** Opens the QA panel of the customer's tab. */
async function openQaPanel(page: Page): Promise<void> {
  await page.getByRole('button', { name: qaTexts.toggle }).click()
  await page.getByRole('heading', { name: qaTexts.title }).waitFor()
}

describe('faults per tester', () => {
  it("a lost answer of the transfer confirm: carried out once, the customer sees 'Résultat inconnu', scoped to her", async () => {
    // The customer's tab: signed in, the QA panel names her for the fault page.
    const customer = await open()
    await signIn(customer)
    await openQaPanel(customer)
    const field = customer.getByLabel(qaTexts.faultsCustomer)
    expect(await field.inputValue()).toBe(mainCustomer.kcode)
    const link = customer.getByRole('link', { name: qaTexts.faultsOpen(mainCustomer.kcode) })
    const href = await link.getAttribute('href')
    expect(href).toBe(`/__dev/faults.html?customer=${mainCustomer.kcode}`)
    expect(await link.getAttribute('target')).toBe('_blank')
    await customer.getByRole('button', { name: qaTexts.close }).click()

    // The tester's tab, opened by that link: the scenario is scoped to her.
    const tester = await open()
    await tester.goto(href!)
    expect(await tester.getByLabel(t.customerLabel).first().inputValue()).toBe(mainCustomer.kcode)
    const scenario = scenarioById('account.confirmLostAnswer')!
    await tester
      .getByRole('group', { name: kindLegend('account') })
      .getByRole('button', { name: scenario.label, exact: true })
      .click()
    await tester
      .locator('.faults li')
      .filter({ hasText: t.forCustomer(mainCustomer.kcode) })
      .waitFor()
    expect(await tester.locator('.faults li').textContent()).toContain(t.answerLost)
    await expectAccessible(tester, 'faults-panel-customer')

    const api = await apiAs(mainCustomer)
    const balance = async () => (await api<{ amount: string }>('balance', { code: USD, currency: '' })).amount
    const before = await balance()

    // The customer makes a real transfer; the confirm is carried out, its answer lost.
    await customer.goto(transferCalls.account.screen)
    await customer.locator('main select[name="debitAccount"]').selectOption(USD)
    await customer.locator('main input[name="amount"]').fill('7,35')
    await customer.locator('main input[name="creditAccount"]').fill(usdPayee.number)
    await customer.locator('main input[name="description"]').fill('Réponse perdue en route')
    await customer.getByText(texts.holder(usdPayee.holder)).waitFor()
    await customer.getByRole('button', { name: texts.submit }).click()
    await customer.getByRole('heading', { name: texts.codeTitle }).waitFor()
    await customer.locator('main input[name="token"]').fill(await outboxCode(server.url, /Code de validation : (\d{8})/, 'sms'))
    const confirm = callOf(customer, transferCalls.account.confirm)
    await customer.getByRole('button', { name: texts.codeSubmit }).click()
    expect(await confirm).toBe('no answer')

    // rulings §6.2: the result is unknown — the message, the statement link, and My transfers beside it; no receipt, no success.
    await customer.getByRole('heading', { name: texts.resultUnknownTitle }).waitFor()
    expect(await customer.getByText(texts.resultUnknown).count()).toBe(1)
    expect(await customer.getByText(texts.resultUnknown).textContent()).toBe(
      "Nous n'avons pas pu confirmer le résultat de votre transfert. Consultez votre relevé avant de refaire l'opération.",
    )
    expect(await customer.getByRole('link', { name: texts.resultUnknownLink }).getAttribute('href')).toBe('/app/statement')
    expect(await customer.getByRole('link', { name: texts.resultUnknownTransfersLink }).getAttribute('href')).toBe('/app/transfers')
    expect(await customer.getByRole('heading', { name: texts.doneTitle }).count()).toBe(0)
    expect(await customer.getByRole('button', { name: texts.receipt }).count()).toBe(0)
    await expectAccessible(customer, 'transfer-lost-answer')

    // The money moved exactly once: the balance and the statement, through the API.
    expect(cents(await balance())).toBe(cents(before) - 735n)
    // The statement's days are the bank's (TIME_ZONE as the server reads it: Africa/Kinshasa, UTC+1, unless set): from 23:00 UTC its today is UTC's tomorrow.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: readSettings({ TIME_ZONE: process.env.TIME_ZONE }).TIME_ZONE }).format(new Date())
    const statement = await api<{ transactions: { description: string; debit: string }[] }>('statements', {
      startDate: today,
      endDate: today,
      account: USD,
      currency: '',
    })
    const lines = statement.transactions.filter((line) => line.description.includes('Réponse perdue en route'))
    expect(lines.map((line) => line.debit)).toEqual(['7.35'])
    // The fault was used up: nothing is left in force.
    expect(await (await fetch(`${server.url}/__dev/faults`)).json()).toEqual([])

    // "Mes transferts", from the result unknown's link: the bank's state of that transfer, executed (rulings §9.1).
    await customer.getByRole('link', { name: texts.resultUnknownTransfersLink }).click()
    await customer.waitForURL('**/app/transfers')
    const lost = customer.getByRole('list', { name: myTransfersTexts.listLabel }).getByRole('listitem').filter({ hasText: 'Réponse perdue en route' })
    await lost.waitFor()
    expect(await lost.count()).toBe(1)
    await lost.getByText(myTransfersTexts.states.executed, { exact: true }).waitFor()
    expect(await lost.getByRole('button', { name: myTransfersTexts.receipt }).count()).toBe(1)
  })

  it("another tester's customer-scoped scenario leaves this customer alone", async () => {
    const tester = await open()
    await tester.goto('/__dev/faults.html')
    // A user code that is none is refused in French, nothing added.
    await tester.getByLabel(t.customerLabel).first().fill('7654321')
    const scenario = scenarioById('session.accountsFailure')!
    await tester
      .getByRole('group', { name: flowLegend('session') })
      .getByRole('button', { name: scenario.label, exact: true })
      .click()
    await tester.getByText(t.errors.customerFormat).first().waitFor()
    expect(await (await fetch(`${server.url}/__dev/faults`)).json()).toEqual([])
    // The tester's own customer, K7654321.
    await tester.getByLabel(t.customerLabel).first().fill(statementOnlyCustomer.kcode)
    await tester
      .getByRole('group', { name: flowLegend('session') })
      .getByRole('button', { name: scenario.label, exact: true })
      .click()
    await tester
      .locator('.faults li')
      .filter({ hasText: t.forCustomer(statementOnlyCustomer.kcode) })
      .waitFor()

    // Another tester's customer signs in: her accounts load.
    const jean = await open()
    await signIn(jean)
    await jean.getByText(USD).first().waitFor()
    expect(await jean.getByRole('button', { name: accountTexts.notLoaded }).count()).toBe(0)
    // The tester's customer signs in: the fault is hers.
    const esther = await open()
    await signIn(esther, { code: statementOnlyCustomer.kcode, pin: statementOnlyCustomer.pin })
    await esther.getByRole('button', { name: accountTexts.notLoaded }).first().waitFor()
  })
})

describe('the QA panel docked, never over the form', () => {
  /** The form's submit button is on screen, the topmost element at its centre, and takes the click. */
  async function expectSubmitReachable(page: Page, name: string): Promise<void> {
    const submit = page.getByRole('button', { name: texts.submit })
    await submit.scrollIntoViewIfNeeded()
    const box = (await submit.boundingBox())!
    const viewport = page.viewportSize()!
    expect(box.y + box.height, name).toBeLessThanOrEqual(viewport.height)
    expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width)
    const topmost = await page.evaluate(
      ({ x, y }) => {
        const element = document.elementFromPoint(x, y)
        return element?.closest('button')?.textContent ?? element?.tagName ?? null
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    )
    expect(topmost, name).toBe(texts.submit)
    // The click reaches the form: an empty form answers with its errors.
    await submit.click()
    await page.locator('main [aria-invalid="true"]').first().waitFor()
  }

  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${label}, ${theme}: the submit button stays visible and clickable, docked at the bottom or on the side; the dock is remembered`, async () => {
        const page = await open(viewport, theme)
        await signIn(page)
        await page.goto(transferCalls.account.screen)
        await page.getByRole('button', { name: texts.submit }).waitFor()
        await openQaPanel(page)
        const panel = page.locator('#qa-panel')
        const docks = viewport === DESKTOP ? (['bottom', 'side'] as const) : (['bottom'] as const)
        if (viewport === PHONE) {
          // Too narrow for a column: the panel sits along the bottom, with no choice offered.
          expect(await page.getByRole('group', { name: qaTexts.dock }).isVisible()).toBe(false)
          const box = (await panel.boundingBox())!
          expect(box.x).toBe(0)
          expect(box.width).toBe(viewport.width)
          expect(box.y + box.height).toBe(viewport.height)
        }
        for (const dock of docks) {
          if (viewport === DESKTOP) {
            await page.getByRole('button', { name: dock === 'bottom' ? qaTexts.dockBottom : qaTexts.dockSide }).click()
            expect(await panel.getAttribute('data-dock')).toBe(dock)
            const box = (await panel.boundingBox())!
            if (dock === 'side') expect(box.x + box.width).toBe(viewport.width)
            else expect(box.y + box.height).toBe(viewport.height)
          }
          await expectSubmitReachable(page, `${label} ${theme} ${dock}`)
          expect(await panel.isVisible()).toBe(true)
          await expectAccessible(page, `qa-panel-dock-${dock}-${viewport.width}-${theme}`)
        }
        if (viewport === DESKTOP) {
          // Remembered in this browser: after a reload the panel opens where it was left.
          expect(await page.evaluate(() => localStorage.getItem('qa-panel-dock'))).toBe('side')
          await page.getByRole('button', { name: qaTexts.dockBottom }).click()
          await page.reload()
          await page.getByRole('button', { name: texts.submit }).waitFor()
          await openQaPanel(page)
          expect(await panel.getAttribute('data-dock')).toBe('bottom')
          expect(await page.evaluate(() => localStorage.getItem('qa-panel-dock'))).toBe('bottom')
        }
      })
    }
  }
})
