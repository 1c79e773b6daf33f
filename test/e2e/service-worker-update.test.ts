/**
 * A new version deployed while a customer's tab runs the previous one, for real: two production
 * builds whose every chunk differs (test/e2e/labelled-build.config.ts: each chunk, when it runs,
 * records its build's label), one server whose folder is replaced by the second build as a
 * deployment does, and Chromium with the first version's service worker installed. Whatever the
 * customer does, every page runs the code of one build only — never a screen of old and new
 * chunks mixed — and once no tab runs the first version, the second's worker takes over with the
 * second's files only.
 */
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balance, login, moduleNames, statement } from '../../machines/messages'
import { launchBrowser, newPage, PHONE, signIn, startServer, type RunningServer } from './harness'

const FIRST = resolve('.tmp/e2e-sw-first')
const SECOND = resolve('.tmp/e2e-sw-second')
/** The folder the server serves (DIST_DIR): the first build, then the second copied over it. */
const LIVE = resolve('.tmp/e2e-sw-live')

let server: RunningServer
let browser: Browser

async function labelledBuild(outDir: string, label: string): Promise<void> {
  // The production build whatever the shell exports (no inspector), as the global setup does.
  const { VITE_INSPECT: _ignored, ...shell } = process.env
  await promisify(execFile)(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'test/e2e/labelled-build.config.ts', '--logLevel', 'warn', '--outDir', outDir],
    { env: { ...shell, NODE_ENV: 'production', BUILD_LABEL: label } },
  )
}

/** A deployment: the old files go, the new ones come, while the server runs. */
function deploy(build: string, live = LIVE): void {
  mkdirSync(live, { recursive: true })
  for (const entry of readdirSync(live)) rmSync(join(live, entry), { recursive: true, force: true })
  cpSync(build, live, { recursive: true })
}

/** The scripts and styles of a build (hashed names), without their compressed copies. */
const filesOf = (build: string) => new Set(readdirSync(join(build, 'assets')).filter((name) => /\.(js|css)$/.test(name)))
const only = (these: Set<string>, notThose: Set<string>) => new Set([...these].filter((name) => !notThose.has(name)))

beforeAll(async () => {
  await Promise.all([labelledBuild(FIRST, 'first'), labelledBuild(SECOND, 'second')])
  deploy(FIRST)
  // No lifetime for the worker's script (SERVICE_WORKER_MAX_AGE_SECONDS=0): the second version is
  // found at the first check after the deployment, not up to five minutes later (the lifetime
  // itself: service-worker.test.ts).
  ;[server, browser] = await Promise.all([startServer({ DIST_DIR: LIVE, SERVICE_WORKER_MAX_AGE_SECONDS: '0' }), launchBrowser()])
}, 600_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  for (const dir of [FIRST, SECOND, LIVE]) rmSync(dir, { recursive: true, force: true })
})

/** The builds whose code the page ran (each chunk records its label as it runs). */
const buildsRun = (page: Page) =>
  page
    .evaluate(() => [...((globalThis as { __portalBuilds?: Set<string> }).__portalBuilds ?? [])].sort())
    // Between the two documents of a reload there is no page to ask.
    .catch(() => ['(reloading)'])

/** The hashed files the page's document asked for, by name. */
const filesAskedFor = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((path) => path.startsWith('/assets/'))
      .map((path) => path.slice('/assets/'.length)),
  )

/** The hashed files in the service worker's precache. */
const precached = (page: Page) =>
  page.evaluate(async () => {
    const names: string[] = []
    for (const cache of await caches.keys()) {
      if (!cache.includes('precache')) continue
      for (const request of await (await caches.open(cache)).keys()) {
        const path = new URL(request.url).pathname
        if (path.startsWith('/assets/')) names.push(path.slice('/assets/'.length))
      }
    }
    return names
  })

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()

/** A new tab on /login, once its form is there. */
async function signInTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByRole('button', { name: login.submit, exact: true }).waitFor()
  return page
}

/** The page ran the code of `build` only, and asked for none of the other build's own files. */
async function expectOneBuild(page: Page, build: string, othersOwnFiles: Set<string>): Promise<void> {
  await expect.poll(() => buildsRun(page), { timeout: 30_000 }).toEqual([build])
  expect((await filesAskedFor(page)).filter((name) => othersOwnFiles.has(name))).toEqual([])
}

/** Whether a newer worker has installed and waits (checking for one first when none does). */
const secondWaits = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    if (!registration?.waiting) await registration?.update().catch(() => undefined)
    return Boolean(registration?.waiting)
  })

async function controlledTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto('/login')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true)
  return page
}

describe('a new version deployed while the first runs', () => {
  it('every tab runs one build whole, and the second worker takes over once no tab runs the first', async () => {
    const firstOnly = only(filesOf(FIRST), filesOf(SECOND))
    const secondOnly = only(filesOf(SECOND), filesOf(FIRST))
    // Two releases: the entry and the screens differ in name (what the worker and the pages see).
    expect(firstOnly.size).toBeGreaterThan(10)
    expect(secondOnly.size).toBe(firstOnly.size)

    // A customer on the first version, signed in, its worker installed.
    const { context, page: first } = await newPage(browser, server.url, PHONE)
    await first.close()
    const tab = await controlledTab(context)
    await signIn(tab)
    expect(await buildsRun(tab)).toEqual(['first'])

    deploy(SECOND)

    // A screen the first worker precached: the running tab gets its own build's chunk.
    await tab.getByRole('link', { name: moduleNames.solde }).first().click()
    await expect.poll(() => heading(tab), { timeout: 30_000 }).toBe(balance.title)
    expect(await buildsRun(tab)).toEqual(['first'])
    expect((await filesAskedFor(tab)).filter((name) => secondOnly.has(name))).toEqual([])

    // A new tab right after the deployment: the first worker still answers with its version's
    // sign-in page (it keeps it), so the tab runs the first build whole, none of the second's files.
    const early = await signInTab(context)
    await expectOneBuild(early, 'first', secondOnly)
    await early.close()

    // Meanwhile the second worker installs (its precache filled): it waits.
    await expect.poll(() => secondWaits(tab), { timeout: 120_000, interval: 2_000 }).toBe(true)

    // A new tab now: the first worker asks the network for the page, so the tab runs the second
    // version whole (the first worker still controls it, and answers no file of the second from
    // its own precache).
    const other = await signInTab(context)
    await expectOneBuild(other, 'second', firstOnly)

    // A screen the first worker did not keep: its chunk is gone from the server, so the tab
    // reloads onto the second version as a whole, still signed in, on the screen asked for.
    await tab.goBack()
    await tab.getByRole('link', { name: moduleNames.statement }).first().click()
    await expect.poll(() => buildsRun(tab), { timeout: 30_000 }).toEqual(['second'])
    await expect.poll(() => heading(tab), { timeout: 30_000 }).toBe(statement.title)
    expect(await buildsRun(tab)).toEqual(['second'])
    expect((await filesAskedFor(tab)).filter((name) => firstOnly.has(name))).toEqual([])

    // No tab of the first version left: the second worker takes over, its precache holds the
    // second's files and none of the first's.
    expect(await secondWaits(tab)).toBe(true)
    await tab.close()
    await other.close()
    // (A tab opened while the first worker is still active would keep it: each look is a tab of
    // its own, closed again, as a customer coming back now and then.)
    const precacheOfANewTab = async () => {
      const look = await context.newPage()
      await look.goto('/login')
      const names = await precached(look).catch(() => [])
      await look.close()
      return names
    }
    await expect
      .poll(
        async () => {
          const names = await precacheOfANewTab()
          return names.length > 0 && names.every((name) => !firstOnly.has(name)) && names.some((name) => secondOnly.has(name))
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(true)
    const last = await context.newPage()
    await last.goto('/login')
    await expect.poll(() => last.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true)
    expect(await buildsRun(last)).toEqual(['second'])
    expect((await filesAskedFor(last)).filter((name) => firstOnly.has(name))).toEqual([])
    await context.close()
  }, 420_000)

  it('the worker’s script still kept by the browser (its 5 minutes): a file the deployment removed makes the worker find the new version at once', async () => {
    const live = resolve('.tmp/e2e-sw-live-kept')
    deploy(FIRST, live)
    const kept = await startServer({ DIST_DIR: live })
    try {
      const { context, page: first } = await newPage(browser, kept.url, PHONE)
      await first.close()
      const tab = await controlledTab(context)
      await signIn(tab)
      expect(await buildsRun(tab)).toEqual(['first'])
      deploy(SECOND, live)
      // A screen the first worker did not keep: its chunk is gone from the server (a 404).
      await tab.getByRole('link', { name: moduleNames.statement }).first().click()
      // Nobody asks for an update here: the worker found the new version itself, its script
      // fresh in the browser's cache notwithstanding.
      const waits = () => tab.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)).catch(() => false)
      await expect.poll(waits, { timeout: 60_000, interval: 1_000 }).toBe(true)
      // The next page is the new version's, whole.
      const other = await signInTab(context)
      await expectOneBuild(other, 'second', only(filesOf(FIRST), filesOf(SECOND)))
      await context.close()
    } finally {
      await kept.stop()
      rmSync(live, { recursive: true, force: true })
    }
  }, 180_000)
})
