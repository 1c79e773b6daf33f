/**
 * The QA tooling (rulings §5) in a real browser: (a) the production bundle holds no inspector, the QA build does;
 * (b) the QA build on the reference server, the hosted inspector unreachable (no internet): the
 * offline QA panel during a transfer — actors, states in the spec's words, last events, masked
 * context, accepted events — live, across navigation, axe-clean at desktop and 375 px;
 * (c) the hosted inspector's wiring: stately.ai is routed to a page that answers the handshake the
 * way the real inspector does and records what it receives, during a transfer.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loginMachine } from '../../machines/login/login.machine'
import { moduleNames, shell, transfer as texts } from '../../machines/messages'
import { qa } from '../../src/qa/qa.texts'
import { sessionMachine } from '../../machines/session/session.machine'
import { transferMachine } from '../../machines/transfer/transfer.machine'
import { payeeAccounts } from '../../server/demo/demo-data'
import { MASK } from '../../src/inspect/mask'
import {
  DEMO_USER,
  DESKTOP,
  E2E_DIST,
  E2E_DIST_QA,
  expectAccessible,
  launchBrowser,
  newPage,
  pageProblems,
  PHONE,
  signIn,
  startServer,
  submitSignIn,
  type RunningServer,
} from './harness'

const PIN = DEMO_USER.pin
const USD = '000170100100123456701'
const usdPayee = payeeAccounts.find((p) => p.currency === '1')!

/** What only the inspector and the panel bring into a bundle. */
const MARKERS = ['stately.ai', '@statelyai.connected', 'xstateinspector', 'Unhandled inspection event type', qa.title, qa.toggle]

/**
 * The machines' documentation (descriptions, `meta.spec`): the QA panel shows it, the customer's
 * browser never needs it (scripts/vite/strip-machine-docs.ts). The first screen's and a flow's.
 */
const MACHINE_DOCS = [
  loginMachine.root.description!,
  loginMachine.root.states.authenticating!.meta!.spec as string,
  sessionMachine.root.description!,
  transferMachine.root.states.editing!.description!,
]

/** The secret alone, not inside a longer number (an account code, a time stamp). */
const inClear = (secret: string) => new RegExp(`(?<![\\w-])${secret.replace(/[.+]/g, '\\$&')}(?![\\w-])`)

let browser: Browser
/** The reference server on the QA build, for (b) and (c): one start for the file. */
let server: RunningServer
const pages: Page[] = []

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ DIST_DIR: E2E_DIST_QA }), launchBrowser()])
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

async function openPage(baseUrl: string, prepare: (context: BrowserContext) => Promise<unknown>): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl)
  pages.push(page)
  await prepare(context)
  return page
}

/**
 * An account transfer up to its code form; the code sent by SMS, read from the demo outbox. The
 * screen is reached by its menu link: the app's page stays the same (and so does its inspection).
 */
async function askTransfer(page: Page, api: RunningServer): Promise<string> {
  await page.getByRole('link', { name: moduleNames.transfert }).first().click()
  await page.getByRole('button', { name: texts.submit }).waitFor()
  await page.locator('main select[name="debitAccount"]').selectOption(USD)
  await page.locator('main input[name="amount"]').fill('3,25')
  await page.locator('main input[name="creditAccount"]').fill(usdPayee.number)
  await page.locator('main input[name="description"]').fill('Essai du panneau QA')
  await page.getByText(texts.holder(usdPayee.holder)).waitFor()
  await page.getByRole('button', { name: texts.submit }).click()
  await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
  const outbox = (await (await fetch(`${api.url}/__dev/outbox`)).json()) as { channel: string; text: string }[]
  const sms = outbox.find((m) => m.channel === 'sms' && /Code de validation : \d{8}/.test(m.text))!
  return /Code de validation : (\d{8})/.exec(sms.text)![1]!
}

const sessionToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('auth-token'))

describe('(a) the production bundle holds no inspector', () => {
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => join(f.parentPath, f.name))
  const holding = (dir: string, marker: string) => files(dir).filter((file) => readFileSync(file, 'utf8').includes(marker))

  it('no file of the production build holds a marker of the inspector or of the panel', () => {
    expect(files(E2E_DIST).length).toBeGreaterThan(10)
    for (const marker of MARKERS) expect(holding(E2E_DIST, marker), marker).toEqual([])
  })

  it('the QA build holds every marker, so that the check above is not vacuous', () => {
    for (const marker of MARKERS) expect(holding(E2E_DIST_QA, marker), marker).not.toEqual([])
  })

  it("no file of the production build holds the machines' descriptions or meta; the QA build, for its panel, does", () => {
    for (const doc of MACHINE_DOCS) {
      expect(holding(E2E_DIST, doc), doc).toEqual([])
      expect(holding(E2E_DIST_QA, doc), doc).not.toEqual([])
    }
  })
})

describe('(b) the offline QA panel, on the reference server without internet', () => {
  const actor = (page: Page, machine: string) => page.getByRole('article', { name: new RegExp(`^${machine} \\(`) })
  const factOf = async (card: Locator, term: string) =>
    card
      .locator('dt', { hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()

  it('shows the session and the transfer, live, masked, across navigation; axe at desktop and 375 px', async () => {
    // The bank's test network: stately.ai cannot be reached.
    const page = await openPage(server.url, (context) => context.route('https://stately.ai/**', (route) => route.abort('internetdisconnected')))
    await signIn(page)
    const code = await askTransfer(page, server)
    await page.locator('main input[name="token"]').fill(code)

    // Keyboard: the toggle opens the panel and its title takes the focus.
    await page.getByRole('button', { name: qa.toggle }).focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('region', { name: qa.title })
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('qa-title')
    // The hosted inspector: not opened by itself; asked for, it cannot connect, and the app goes on.
    await panel.getByText(`${qa.stately} : ${qa.statelyStatus.closed}`).waitFor()
    await panel.getByRole('button', { name: qa.statelyOpen }).click()
    await panel.getByText(`${qa.stately} : ${qa.statelyStatus.waiting}`).waitFor()

    const session = actor(page, 'session')
    expect(await factOf(session, qa.machine)).toBe('session')
    expect(await factOf(session, qa.state)).toContain('signedIn')

    const transfer = actor(page, 'transfer')
    expect(await factOf(transfer, qa.state)).toBe('awaitingCode')
    await transfer.getByText('spec §4 Transfers (confirmation form); spec §5 confirmation token; rulings §4').waitFor()
    // The last event first: the code typed, masked.
    const lastEvent = transfer.locator('ol > li').first()
    expect(await lastEvent.locator('code').textContent()).toBe('code.change')
    expect(await lastEvent.textContent()).toContain(`"value":"${MASK}"`)
    // The context, collapsed until asked for; the code masked in it, the reference readable.
    await transfer.getByText(qa.context).click()
    const context = await transfer.locator('pre').textContent()
    expect(context).toContain(`"token": "${MASK}"`)
    expect(context).toMatch(/"reference": "\S+"/)
    // What the code form accepts now, as `can()` says.
    const accepted = await transfer.locator('li', { has: page.locator('code', { hasText: /^code\.submit$/ }) }).textContent()
    expect(accepted).toContain(qa.allowed)
    // Its running children: none while the code is typed, the holder lookup is over.
    expect(await page.getByRole('article', { name: /^askTransfer/ }).count()).toBe(0)

    const text = (await panel.textContent())!
    expect(text).not.toMatch(inClear(code))
    expect(text).not.toMatch(inClear(PIN))
    expect(text).not.toContain((await sessionToken(page))!)
    // Screenshots: the panel from its top at desktop; at 375 px, the transfer's card.
    await panel.evaluate((element) => element.scrollTo(0, 0))
    await expectAccessible(page, 'qa-panel')
    await page.setViewportSize(PHONE)
    await transfer.evaluate((element) => element.scrollIntoView())
    await expectAccessible(page, 'qa-panel-phone')
    await page.setViewportSize(DESKTOP)

    // Live: the code is sent with the panel open; the transfer's card follows it to `done`.
    await page.locator('main input[name="token"]').press('Enter')
    await expect.poll(() => factOf(transfer, qa.state)).toBe('done.idle')
    // The last event of the transfer itself: a success also refreshes the accounts, whose
    // `accounts.change` may reach the machine just before or just after this look.
    const events = await transfer.locator('ol > li code').allTextContents()
    expect(events.find((type) => type !== 'accounts.change')).toMatch(/^xstate\.done\.actor\.confirmTransfer/)

    // Another screen: the panel stays open, the transfer's actor is gone, the session remains.
    await page.getByRole('link', { name: shell.dashboard }).click()
    await page.waitForURL('**/app/dashboard')
    await expect.poll(() => transfer.count()).toBe(0)
    expect(await session.count()).toBe(1)
    await expect(panel.isVisible()).resolves.toBe(true)

    // Escape, from within the panel, closes it and gives the focus back to the toggle.
    await panel.getByRole('button', { name: qa.close }).focus()
    await page.keyboard.press('Escape')
    expect(await panel.count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(qa.toggle)
  })
})

describe('(c) the hosted Stately inspector, end to end, on the reference server', () => {
  // The server serves the QA build's page with `same-origin-allow-popups`, so that the page keeps
  // its link to the inspector's window (a production page's `same-origin` would sever it).

  /**
   * Stands in for https://stately.ai/inspect: like @statelyai/inspect's `createBrowserReceiver`,
   * it tells its opener `@statelyai.connected`, then keeps the messages that are inspection
   * events (a `type` and a `_version`), each handed to the test at once.
   */
  const RECORDER = `<!doctype html><html lang="en"><title>Inspector stand-in</title><script>
    addEventListener('message', (e) => {
      if (e.data && typeof e.data.type === 'string' && typeof e.data._version === 'string') window.recordInspection(e.data)
    })
    const target = window.self === window.top ? window.opener : window.parent
    if (target) target.postMessage({ type: '@statelyai.connected' }, '*')
  </script></html>`

  type Recorded = {
    type: string
    sessionId: string
    name?: string
    parentId?: string
    event?: { type: string; [k: string]: unknown }
    snapshot?: { value?: unknown; status?: string }
  }

  it('receives the sign-in and the transfer: actors, states and events, every secret masked', async () => {
    const recorded: Recorded[] = []
    const page = await openPage(server.url, async (context) => {
      await context.exposeBinding('recordInspection', (_source, data: Recorded) => void recorded.push(data))
      await context.route('https://stately.ai/**', (route) => route.fulfill({ contentType: 'text/html', body: RECORDER }))
    })
    // The tester opens the inspector from the QA panel, then signs in and makes a transfer: all
    // in one page load (the app navigates by itself), so that actor ids are not reused.
    await page.goto('/login')
    await page.getByRole('button', { name: qa.toggle }).click()
    const [inspector] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: qa.statelyOpen }).click()])
    expect(inspector.url()).toBe('https://stately.ai/inspect')
    await page.getByText(`${qa.stately} : ${qa.statelyStatus.connected}`).waitFor()
    await page.getByRole('button', { name: qa.close }).click()

    await submitSignIn(page)
    await page.waitForURL('**/app/dashboard')
    const token = (await sessionToken(page))!
    const code = await askTransfer(page, server)
    await page.locator('main input[name="token"]').fill(code)
    await page.getByRole('button', { name: texts.codeSubmit }).click()
    await page.getByRole('heading', { name: texts.doneTitle }).waitFor()

    const transferIds = () => recorded.filter((e) => e.type === '@xstate.actor' && e.name === 'transfer').map((e) => e.sessionId)
    const states = (id: string) =>
      recorded
        .filter((e) => e.type === '@xstate.snapshot' && e.sessionId === id)
        .map((e) => e.snapshot!.value)
        .map((v) => (typeof v === 'string' ? v : Object.keys(v as object)[0]))
    // The inspector's messages arrive after the screen has moved on (many actors talk at once):
    // wait for them rather than for the default second.
    await expect.poll(() => transferIds().some((id) => states(id).includes('done')), { timeout: 30_000 }).toBe(true)
    expect(transferIds()).toHaveLength(1)
    const id = transferIds()[0]!
    expect(states(id).filter((step, i, all) => step !== all[i - 1])).toEqual(['editing', 'asking', 'awaitingCode', 'confirming', 'done'])

    const events = recorded.filter((e) => e.type === '@xstate.event' && e.sessionId === id).map((e) => e.event!)
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['field.change', 'transfer.submit', 'code.change', 'code.submit']))
    expect(events.filter((e) => e.type === 'code.change').every((e) => e.value === MASK)).toBe(true)
    const children = recorded.filter((e) => e.type === '@xstate.actor' && e.parentId === id).map((e) => e.name)
    expect(children).toEqual(expect.arrayContaining(['askTransfer', 'confirmTransfer']))

    // The sign-in: its PIN masked; the session token nowhere.
    expect(recorded.some((e) => e.type === '@xstate.actor' && e.name === 'login')).toBe(true)
    const pinTyped = recorded.find((e) => e.type === '@xstate.event' && e.event?.type === 'field.change' && e.event.field === 'password')
    expect(pinTyped?.event?.value).toBe(MASK)
    const all = JSON.stringify(recorded)
    expect(all).not.toMatch(inClear(code))
    expect(all).not.toContain(`"${PIN}"`)
    expect(all).not.toContain(token)
  })
})
