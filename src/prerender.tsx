/**
 * The public pages as HTML, made at build time (scripts/vite/prerender.ts): the same routes and
 * components the browser runs, rendered with react-dom/server over an address in memory, so that a
 * customer on a slow network sees the real form in the first answer, before any script. The page
 * is what a visitor without a session sees; the browser then hydrates it (src/signIn.tsx).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { offline, shell } from '../machines/messages'
import { SignInPage } from './flows/login/SignInPage'
import { OfflinePage } from './flows/offline/OfflinePage'
import { createAppRouter } from './router'
import { SessionContext, startSession } from './session/session'

/** An empty session storage: the visitor of a prerendered page is signed out. */
function signedOutStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

const noop = () => {}

/**
 * The pages that start from an entry of their own (kernel/publicPages.ts), rendered as that
 * entry hydrates them: the same component tree, so that the same markup (the fields' ids follow
 * the tree).
 */
const OWN_ENTRY_PAGES: Record<string, () => ReactElement> = {
  '/login': () => <SignInPage openApp={noop} onUsable={noop} />,
}

/** The HTML of the app at `path`, as it first renders once the route's screen is loaded. */
export async function prerender(path: string): Promise<string> {
  globalThis.sessionStorage ??= signedOutStorage()
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }))
  await router.load()
  const session = startSession({ navigate: () => {} })
  const ownPage = OWN_ENTRY_PAGES[path]
  // Any error while rendering fails the build: a page rendered in part would hydrate badly.
  const errors: unknown[] = []
  try {
    const { prelude } = await prerenderToNodeStream(
      ownPage ? (
        ownPage()
      ) : (
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      ),
      { onError: (error) => void errors.push(error) },
    )
    let html = ''
    for await (const chunk of prelude) html += String(chunk)
    if (errors.length) throw new Error(`prerender ${path}: ${errors.map(String).join('; ')}`, { cause: errors[0] })
    return html
  } finally {
    session.stop()
  }
}

/** The service worker's page for a page asked for without network: static, no script to hydrate. */
export function prerenderOffline(): { title: string; html: string } {
  return { title: `${offline.title} — ${shell.portalName}`, html: renderToStaticMarkup(<OfflinePage />) }
}
