import { useEffect, useState } from 'react'

/** The shell's clock ticks each second; it reads in the bank's zone (ui/bankTime.ts: formatBankClock). */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}
