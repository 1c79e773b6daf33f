import { useEffect, useState } from 'react'

const two = (n: number) => String(n).padStart(2, '0')

/**
 * spec §9: the clock reads dd/MM/YYYY h:mm:ss. French usage is a 24-hour clock and no AM/PM
 * marker is shown, so `h` is the hour 0–23 without a leading zero (docs/decisions.md).
 */
export function formatClock(d: Date): string {
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${d.getHours()}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

export function useClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}
