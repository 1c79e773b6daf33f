import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { copyText } from '../../machines/messages'
import { copyButton, copyRow } from './controls.css'
import * as css from './ui.css'

type Outcome = 'copied' | 'failed' | null

/**
 * Copies a text (a transfer reference) with the asynchronous Clipboard API, and says so in French
 * in a polite live region, since nothing else on screen changes. Where the browser refuses (no
 * permission, not a secure context), the message says to select the text instead.
 */
export function CopyButton({ text, label = copyText.copyReference }: { text: string; label?: string }) {
  const [outcome, setOutcome] = useState<Outcome>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setOutcome('copied')
    } catch {
      setOutcome('failed')
    }
  }
  return (
    <span className={copyRow}>
      <button type="button" className={copyButton} onClick={copy}>
        {outcome === 'copied' ? <Check aria-hidden="true" size={18} /> : <Copy aria-hidden="true" size={18} />}
        {label}
      </button>
      <span role="status" className={css.fieldHint}>
        {outcome === 'copied' ? copyText.copied : outcome === 'failed' ? copyText.failed : ''}
      </span>
    </span>
  )
}
