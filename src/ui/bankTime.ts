import { bankTime } from '../../machines/messages'
import { bankTimeZone } from './bankTimeZone'

// Times on screen in the bank's zone (bankTimeZone.ts says which zone, and why).

/** "heure de Kinshasa": named once wherever times show. */
export const bankZoneName = (): string => bankTime.zone(bankTimeZone())
export const timesInBankZone = (): string => bankTime.timesIn(bankTimeZone())

type Style = 'short' | 'medium'
const formats = new Map<string, Intl.DateTimeFormat>()

/** dd/mm/yyyy hh:mm (or hh:mm:ss with 'medium') in the bank's zone; the text itself when not a date. */
export function formatBankDateTime(value: string | Date, timeStyle: Style = 'short'): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return String(value)
  const zone = bankTimeZone()
  const key = `${zone}|${timeStyle}`
  let format = formats.get(key)
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle, timeZone: zone })))
  return format.format(date)
}

const clockFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * spec §9, REQ-CHOICE-09: the clock reads dd/MM/YYYY h:mm:ss, a 24-hour clock whose hour has no leading zero
 * (docs/decisions.md) — in the bank's zone. The parts come from Intl, which knows the zone's rules.
 */
export function formatBankClock(date: Date, timeZone = bankTimeZone()): string {
  // One formatter per zone: the clock ticks each second, and making one costs milliseconds on a phone.
  let format = clockFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    clockFormats.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]))
  return `${parts.day}/${parts.month}/${parts.year} ${Number(parts.hour)}:${parts.minute}:${parts.second}`
}
