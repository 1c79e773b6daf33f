/**
 * Mobile data for a whole session, as a customer on a prepaid bundle pays it: sign in, the balance
 * of an account, one account transfer with its code, sign out — every byte on the wire each way,
 * headers included (scripts/bench/wire.ts), the service worker's precaching too. First visit: a new
 * browser profile. Repeat visit: a second session in the same profile (a new tab), the service
 * worker of the first active; then a third session like the second in which the customer reloads
 * the balance screen on the way (the page, its entry and the screen's calls asked again). Bytes do
 * not depend on speed, so no network emulation here.
 *
 * The service worker's update check is counted as a customer meets it. Chromium makes it about 2 s
 * after each navigation, so the customer looks at each page she navigates to (`LOOK_MS`) instead
 * of the page being closed before the check leaves. The worker's script is kept by the browser for
 * its lifetime (SERVICE_WORKER_MAX_AGE_SECONDS, 5 minutes by default): a reload within it asks
 * nothing, a visit after it asks once. Waiting 5 minutes before each repeat session would make the
 * bench 10 minutes longer, so the bench's portal keeps the script `WORKER_LIFETIME_S` seconds and
 * each repeat session starts once that lifetime is over: as a customer's next visit, it pays one
 * check; its reload, a few seconds later, stands for a reload within the 5 minutes.
 */
import type { Browser, BrowserContext } from 'playwright-core'
import { balance, login, moduleNames, session, shell, transfer } from '../../machines/messages.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { wireRelay, type WireCount } from './wire.ts'

const PHONE = { width: 375, height: 740 }
/** How long a customer looks at a page she navigated to: the worker's check leaves meanwhile (~2 s). */
const LOOK_MS = 3000
/** The worker script's lifetime on the bench's portal (see above); a session fits well within it. */
export const WORKER_LIFETIME_S = 20
const CODE_IN_TEXT = /Code de validation : (\d{8})/

export interface SessionData {
  first: WireCount
  repeat: WireCount
  /** A repeat session in which the customer reloads the balance screen once it shows a balance. */
  reloaded: WireCount
}

/** One whole session in a new tab of `context`, through the counting relay at `url`. */
async function oneSession(context: BrowserContext, url: string, portalUrl: string, reload = false): Promise<void> {
  const page = await context.newPage()
  const usd = mainCustomer.accounts.usd
  const payee = payeeAccounts.find((p) => p.currency === usd.currency)!
  await page.goto(`${url}/login`)
  await page.waitForTimeout(LOOK_MS)
  await page.getByPlaceholder(login.userCodePlaceholder, { exact: true }).fill(mainCustomer.kcode)
  await page.getByPlaceholder(login.pinPlaceholder, { exact: true }).fill(mainCustomer.pin)
  await page.getByRole('button', { name: login.submit, exact: true }).click()
  await page.waitForURL('**/app/dashboard')

  await page.getByRole('link', { name: moduleNames.solde }).first().click()
  await page.locator('main select[name="account"]').selectOption(usd.number)
  await page.getByRole('button', { name: balance.show }).click()
  await page.locator('main table td').first().waitFor()
  if (reload) {
    await page.reload()
    await page.locator('main select[name="account"]').waitFor()
    await page.waitForTimeout(LOOK_MS)
  }

  const menu = page.locator('#menu-lateral')
  await page.getByRole('button', { name: shell.openMenu }).click()
  await menu.getByRole('link', { name: moduleNames.transfert }).click()
  await page.locator('main select[name="debitAccount"]').selectOption(usd.number)
  await page.locator('main input[name="amount"]').fill('7,35')
  await page.locator('main input[name="creditAccount"]').fill(payee.number)
  await page.locator('main input[name="description"]').fill('Banc d’essai')
  await page.getByText(transfer.holder(payee.holder)).waitFor()
  await page.getByRole('button', { name: transfer.submit }).click()
  await page.getByRole('heading', { name: transfer.codeTitle }).waitFor()
  // The customer reads the SMS: from the demo outbox, straight from the server (not counted).
  const outbox = (await (await fetch(`${portalUrl}/__dev/outbox`)).json()) as { channel: string; text: string }[]
  const code = CODE_IN_TEXT.exec(outbox.find((m) => m.channel === 'sms' && CODE_IN_TEXT.test(m.text))?.text ?? '')?.[1]
  if (!code) throw new Error('no code SMS in the outbox')
  await page.locator('main input[name="token"]').fill(code)
  await page.getByRole('button', { name: transfer.codeSubmit }).click()
  await page.getByRole('heading', { name: transfer.doneTitle }).waitFor()

  await page.getByRole('button', { name: shell.openMenu }).click()
  await menu.getByRole('button', { name: session.logoutButton }).click()
  await page.getByRole('dialog').getByRole('button', { name: session.logoutConfirm }).click()
  await page.waitForURL('**/login')
  await page.getByRole('button', { name: login.submit, exact: true }).waitFor()
  // What the service worker downloads for later is part of this visit's bill: wait for it to be
  // installed (its precache complete), and for the last answers to arrive.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.waitForLoadState('networkidle')
  await page.close()
}

export async function sessionData(browser: Browser, portalUrl: string): Promise<SessionData> {
  const relay = await wireRelay(portalUrl)
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' })
  try {
    // The next visit comes once the worker script's lifetime is over, as a customer's does; a
    // session's count is taken only then, so that a check leaving after its page closed is its own.
    const wait = (ms: number) => new Promise((done) => setTimeout(done, ms))
    const nextVisit = () => wait((WORKER_LIFETIME_S + 1) * 1000)
    await oneSession(context, relay.url, portalUrl)
    await nextVisit()
    const first = relay.take()
    await oneSession(context, relay.url, portalUrl)
    await nextVisit()
    const repeat = relay.take()
    await oneSession(context, relay.url, portalUrl, true)
    await wait(LOOK_MS)
    const reloaded = relay.take()
    return { first, repeat, reloaded }
  } finally {
    await context.close()
    await relay.close()
  }
}

/** The requests of a count, biggest first: for whoever looks for what to cut (BENCH_DETAIL=1). */
export function describeCount(label: string, count: WireCount): string {
  const rows = [...count.byRequest.entries()].sort((a, b) => b[1].sent + b[1].received - (a[1].sent + a[1].received))
  return [
    `${label}: ${count.requests} requests, ${(count.sent / 1024).toFixed(1)} KiB sent, ${(count.received / 1024).toFixed(1)} KiB received`,
    ...rows.map(([key, r]) => `  ${key} ×${r.count}: ↑${r.sent} ↓${r.received}`),
  ].join('\n')
}
