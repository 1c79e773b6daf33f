import { retryButton } from './controls.css'

/**
 * spec §8: "Vos comptes n'ont pu être chargés, cliquez pour réessayer" — shown by every screen
 * that needs the accounts when they are missing; the click is the machine's `accounts.reload`.
 */
export function AccountsMessage({ message, onReload }: { message: string | null; onReload: () => void }) {
  if (!message) return null
  return (
    <button type="button" className={retryButton} onClick={onReload}>
      {message}
    </button>
  )
}
