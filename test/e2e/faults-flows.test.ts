/**
 * The fault injector of rulings §5, the flows other than the transfer one, in a real browser against the real server: the
 * QA person's tab applies one representative scenario per flow on the fault panel
 * (/__dev/faults.html), and the customer's tab sees its error state on the flow's screen. Every
 * text is compared with the catalogue. The transfer scenarios are walked by faults.test.ts.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { devFaults } from '../../kernel/messages/devTools'
import { accounts as accountTexts, login, notifications, password, pinReset, profile, statement } from '../../machines/messages'
import { mainCustomer } from '../../server/demo/demo-data'
import { flowScreens, scenarioById } from '../../server/demo/fault-scenarios'
import { flowLegend, scenarioTitle } from '../../server/demo/faults-page'
import { launchBrowser, newPage, pageProblems, startServer, submitSignIn, type RunningServer } from './harness'

const t = devFaults
const USD = mainCustomer.accounts.usd!.number

let server: RunningServer
let browser: Browser
/** The QA person's tab, on the panel. */
let qa: Page
/** The customer's tab. */
let customer: Page

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  ;({ page: qa } = await newPage(browser, server.url))
  ;({ page: customer } = await newPage(browser, server.url))
  await qa.goto('/__dev/faults.html')
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(async () => {
  await fetch(`${server.url}/__dev/faults`, { method: 'DELETE' })
  expect(pageProblems(qa)).toEqual([])
  expect(pageProblems(customer)).toEqual([])
})

/** Clicks a scenario's button in its flow's fieldset, waits for the confirmation, returns its screen. */
async function apply(id: string): Promise<string> {
  const scenario = scenarioById(id)!
  await qa
    .getByRole('group', { name: flowLegend(scenario.flow) })
    .getByRole('button', { name: scenario.label, exact: true })
    .click()
  await qa
    .getByRole('status')
    .filter({ hasText: t.scenarioApplied(scenarioTitle(scenario)) })
    .waitFor()
  return scenario.screen
}

const alert = (text: string) => customer.locator('main').getByRole('alert').filter({ hasText: text })
const submitForm = () => customer.locator('main form button[type="submit"]').click()

async function signIn(): Promise<void> {
  await customer.goto('/login')
  await submitSignIn(customer)
}

describe('the fault panel, every other flow', () => {
  it('offers one fieldset per flow, naming its screen', async () => {
    for (const flow of Object.keys(t.flows) as (keyof typeof t.flows)[]) {
      const legend = flowLegend(flow)
      expect(legend).toContain(flowScreens[flow])
      await qa.getByRole('group', { name: legend }).waitFor()
    }
  })

  it('login: HTTP 403 shows the wrong credentials message', async () => {
    expect(await apply('login.wrongCredentials')).toBe('/login')
    await signIn()
    await customer.getByRole('alert').filter({ hasText: login.wrongCredentials }).waitFor()
    expect(new URL(customer.url()).pathname).toBe('/login')
  })

  it('PIN reset: a confirm status other than 0 or 1 is a result unknown (rulings §6.2), no form to send again', async () => {
    await customer.goto(await apply('pinReset.confirmOtherStatus'))
    await customer.locator('main [name="compte"]').fill('K7654321')
    await customer.getByRole('button', { name: pinReset.askSubmit }).click()
    await customer.getByRole('heading', { name: pinReset.confirmTitle }).waitFor()
    await customer.locator('main [name="token"]').fill('12345678')
    await customer.getByRole('button', { name: pinReset.confirmSubmit }).click()
    await customer.getByRole('heading', { name: pinReset.confirmUnknownTitle }).waitFor()
    await customer.getByText(pinReset.confirmUnknown).waitFor()
    expect(await customer.getByRole('button', { name: pinReset.confirmSubmit }).count()).toBe(0)
  })

  it('session: accounts not loaded show the accounts message; a click reloads them', async () => {
    await signIn()
    await customer.waitForURL('**/app/dashboard')
    await apply('session.accountsFailure')
    // The accounts are read when the shell opens: a new load of the screen.
    await customer.goto('/app/balance')
    const message = customer.getByRole('button', { name: accountTexts.notLoaded })
    await message.waitFor()
    await message.click()
    await message.waitFor({ state: 'detached' })
    await customer.locator(`main select[name="account"] option[value="${USD}"]`).waitFor({ state: 'attached' })
  })

  it('statement: a load failure shows the statement error', async () => {
    await customer.goto(await apply('statement.httpError'))
    await customer.locator('main select[name="account"]').selectOption(USD)
    await customer.locator('main input[name="startDate"]').fill('2026-01-01')
    await customer.getByRole('button', { name: statement.submit }).click()
    await alert(statement.loadError).waitFor()
  })

  it('password change: an HTTP failure shows the change error', async () => {
    await customer.goto(await apply('password.httpError'))
    await customer.getByRole('heading', { name: password.title }).waitFor()
    await customer.locator('main [name="oldPassword"]').fill(mainCustomer.pin)
    await customer.locator('main [name="password"]').fill('67890')
    await customer.locator('main [name="password2"]').fill('67890')
    await submitForm()
    await alert(password.changeError).waitFor()
  })

  it('contact: an HTTP failure of the update shows the update error, the form stays', async () => {
    await customer.goto(await apply('contact.updateHttpError'))
    await customer.getByRole('heading', { name: profile.contactTitle }).waitFor()
    await expect.poll(() => customer.locator('main [name="email"]').inputValue()).not.toBe('')
    await submitForm()
    await alert(profile.updateError).waitFor()
    expect(new URL(customer.url()).pathname).toBe('/app/update-contact')
  })

  it("notifications: a list code other than '0' shows the list error", async () => {
    await customer.goto(await apply('notifications.listRefused'))
    await customer.getByRole('heading', { name: notifications.title }).waitFor()
    await alert(notifications.loadError).waitFor()
  })
})
