import { useEffect } from 'react'
import { shell } from '../../machines/messages'

/** Each screen names itself in the tab title, which screen readers announce on navigation. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — ${shell.portalName}`
  }, [title])
}
