import { useEffect, useState } from 'react'

/**
 * Whole seconds left of a countdown of `seconds` that starts when `running` becomes true (the
 * session warning opens: the machine's own `untilExpiry` delay started at the same moment).
 * Read from the clock every second rather than decremented, so a slow tab does not drift.
 */
export function useCountdown(running: boolean, seconds: number): number {
  const [deadline, setDeadline] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) {
      setDeadline(null)
      return
    }
    setDeadline(Date.now() + seconds * 1000)
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running, seconds])
  if (deadline === null) return seconds
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}
