/**
 * A long statement on a phone's screen: the statement-only customer asks for the period of an
 * account with `lines` lines, CPU 4× slower (DevTools emulation), and the figure is the time from
 * the statement answer's last byte (its Resource Timing `responseEnd`, the page's own clock) to the
 * first lines painted: the frame after they entered the document (a requestAnimationFrame, then a
 * task posted from it, which runs once that frame is drawn). What the network takes is the
 * network's; this is what the phone does with the answer: parse it, run the machine, render.
 */
import type { Browser } from 'playwright-core'
import { login, statement, statementView } from '../../machines/messages.ts'
import { statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { CPU_SLOWDOWN } from './pages.ts'

const PHONE = { width: 375, height: 740 }

declare global {
  interface Window {
    firstRowsPainted?: number
  }
}

export async function statementOnScreen(browser: Browser, url: string, account: string, lines: number, startDate: string): Promise<number> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' })
  const page = await context.newPage()
  await page.goto(`${url}/login`)
  await page.getByPlaceholder(login.userCodePlaceholder, { exact: true }).fill(statementOnlyCustomer.kcode)
  await page.getByPlaceholder(login.pinPlaceholder, { exact: true }).fill(statementOnlyCustomer.pin)
  await page.getByRole('button', { name: login.submit, exact: true }).click()
  await page.waitForURL('**/app/dashboard')
  await page.goto(`${url}/app/statement`)
  await page.locator('main select[name="account"]').selectOption(account)
  await page.locator('main input[name="startDate"]').fill(startDate)

  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  // The first line of either layout (a table row on a wide screen, a card on a phone) that is shown.
  // No named function inside: tsx would wrap it in a helper the page does not have.
  await page.evaluate((label) => {
    const selector = `section[aria-label="${label}"] tbody tr, section[aria-label="${label}"] ol li`
    const observer = new MutationObserver(() => {
      if (![...document.querySelectorAll(selector)].some((e) => e.checkVisibility())) return
      observer.disconnect()
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => (window.firstRowsPainted = performance.now())
        channel.port2.postMessage(null)
      })
    })
    observer.observe(document.body, { childList: true, subtree: true })
  }, statement.tableLabel)
  await page.getByRole('button', { name: statement.submit }).click()
  await page.waitForFunction(() => window.firstRowsPainted !== undefined, undefined, { timeout: 120_000 })
  const caption = await page.locator('main table caption').textContent()
  const onPage = await page.locator('main tbody tr').count()
  if (caption !== statementView.lines(1, onPage, lines)) throw new Error(`the statement shows "${caption}", not ${lines} lines`)
  const ms = await page.evaluate(() => {
    const answer = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname.endsWith('/statements')) as PerformanceResourceTiming
    return window.firstRowsPainted! - answer.responseEnd
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await context.close()
  return ms
}
