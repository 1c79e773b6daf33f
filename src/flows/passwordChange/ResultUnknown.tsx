import { useEffect, useRef } from 'react'
import type { PasswordUnknownScreen } from '../../../machines/passwordChange/passwordChange.screen'
import { Banner } from '../../ui/Feedback'
import { button } from '../../ui/ui.css'

/**
 * rulings §6.2: the change's result is unknown — its title (focused, so that a screen reader hears
 * it where the form was), the message, and the one way on the screen model names.
 */
export function ResultUnknown({ unknown, onContinue }: { unknown: PasswordUnknownScreen; onContinue: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div>
      <h2 ref={heading} tabIndex={-1}>
        {unknown.title}
      </h2>
      <Banner kind="warning">{unknown.message}</Banner>
      <button type="button" className={button} onClick={onContinue}>
        {unknown.continueLabel}
      </button>
    </div>
  )
}
