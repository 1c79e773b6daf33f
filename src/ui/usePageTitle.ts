import { useEffect } from 'react'
import { portalName } from '../../machines/messages/core'

/** The path whose heading last took the focus: the first screen of a visit keeps the browser's own start. */
let lastPath: string | null = null

/**
 * Each screen names itself in the tab title, and on every route change the focus moves to its
 * heading (made focusable with tabIndex=-1): a screen reader reads the new page's title at once,
 * and the keyboard starts from the top of the new page rather than from the link that was clicked.
 * Keyed on the path, so a title that changes within one page (a step) never steals the focus.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — ${portalName}`
    const path = window.location.pathname
    const first = lastPath === null
    if (path === lastPath) return
    lastPath = path
    if (first) return
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1')
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
    heading.focus({ preventScroll: false })
  }, [title])
}
