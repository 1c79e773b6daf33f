import { useEffect, useState } from 'react'

/** "m:ss" until `expiresAt` (the code's life, rulings §4), `null` without a date; 0:00 once past. */
export function useTimeLeft(expiresAt: string | null): { text: string; expired: boolean } | null {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!expiresAt) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [expiresAt])
  if (!expiresAt) return null
  const seconds = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000))
  return { text: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`, expired: seconds === 0 }
}
