/**
 * The diagrams of docs/machines/ render: each document's Mermaid blocks, as committed, are drawn by
 * mermaid's browser bundle in Debian's Chromium (a blank page, no server) with no parse or render
 * error, and together they have a box with the label of every state of the machine. Screenshots at
 * the width GitHub gives a document go to test-results/screens/ for a person to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { AnyStateNode } from 'xstate'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { machineRegistry } from '../../machines/registry.ts'
import { stateId } from '../../scripts/audit/mermaid.ts'
import { launchBrowser } from './harness.ts'

/** About the width of a document on GitHub. */
const GITHUB_WIDTH = 980

const descendants = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states).flatMap((child) => [child, ...descendants(child)])

/** The Mermaid blocks of a document, as committed. */
function diagramsOf(id: string): string[] {
  const document = readFileSync(`docs/machines/${id}.md`, 'utf8')
  return [...document.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((block) => block[1]!)
}

interface Rendered {
  error: string | null
  /** Label of each drawn state, by its id in the diagram (`editing_holder_idle` → `idle`). */
  labels: Record<string, string>
}

let browser: Browser
let page: Page
const problems: string[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: GITHUB_WIDTH + 40, height: 800 } })
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()))
  await page.setContent(`<!doctype html><html lang="en"><body><main id="diagram" style="width:${GITHUB_WIDTH}px"></main></body></html>`)
  await page.addScriptTag({ path: resolve('node_modules/mermaid/dist/mermaid.min.js') })
  await page.evaluate(() => {
    const { mermaid } = window as unknown as { mermaid: { initialize: (config: object) => void } }
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' })
  })
  mkdirSync('test-results/screens', { recursive: true })
})

afterAll(async () => {
  await browser?.close()
})

async function render(id: string, text: string): Promise<Rendered> {
  return page.evaluate(
    async ({ id, text }) => {
      type Mermaid = { parse: (t: string) => Promise<unknown>; render: (id: string, t: string) => Promise<{ svg: string }> }
      const { mermaid } = window as unknown as { mermaid: Mermaid }
      const main = document.getElementById('diagram')!
      main.innerHTML = ''
      try {
        await mermaid.parse(text)
        main.innerHTML = (await mermaid.render(`diagram-${id}`, text)).svg
      } catch (e) {
        return { error: String((e as Error)?.message ?? e), labels: {} }
      }
      // Each state is drawn as a group with the id `diagram-<id>-state-<stateId>-<n>`: a node, or a box.
      const pattern = new RegExp(`^diagram-${id}-state-(.+)-\\d+$`)
      const labels: Record<string, string> = {}
      for (const node of main.querySelectorAll('svg g.node')) {
        const match = pattern.exec(node.id)
        if (match) labels[match[1]!] = node.textContent?.trim() ?? ''
      }
      for (const box of main.querySelectorAll('svg g.statediagram-cluster')) {
        const match = pattern.exec(box.id)
        if (match) labels[match[1]!] = box.querySelector('.cluster-label')?.textContent?.trim() ?? ''
      }
      return { error: null, labels }
    },
    { id, text },
  )
}

describe.each(machineRegistry.map((entry) => [entry.id, entry] as const))('the diagrams of docs/machines/%s.md', (id, entry) => {
  it('render, with a box labelled with every state of the machine', async () => {
    const diagrams = diagramsOf(id)
    expect(diagrams.length).toBeGreaterThan(0)
    const labels: Record<string, string> = {}
    for (const [i, text] of diagrams.entries()) {
      const name = i === 0 ? id : `${id}-${i + 1}`
      const rendered = await render(name, text)
      expect(rendered.error, `diagram ${i + 1}`).toBeNull()
      Object.assign(labels, rendered.labels)
      expect(await page.locator('#diagram svg').textContent()).not.toMatch(/Syntax error/i)
      await page.locator('#diagram svg').screenshot({ path: `test-results/screens/machine-diagram-${name}.png` })
    }
    const expected = Object.fromEntries(descendants(entry.machine.root).map((s) => [stateId(s.path), s.key]))
    expect(Object.fromEntries(Object.keys(expected).map((sid) => [sid, labels[sid]]))).toEqual(expected)
    expect(problems).toEqual([])
  })
})
