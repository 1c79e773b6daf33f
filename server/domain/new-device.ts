/**
 * A sign-in from a new device or a new address is told to the customer (issue 27, rulings §9.4,
 * REQ-CHOICE-11), as a PIN block is (a notification, an SMS and an e-mail through the outbox, in the
 * sign-in's transaction): she can end that session from "Sessions et appareils" if it was not her.
 *
 * New means: the address is not one she signed in from successfully within the known-address window
 * (signin_known_addresses, the same list that spares her the wait of rulings §9.6), or the device —
 * the browser's family and the system's name read from the User-Agent, without versions, so that an
 * update is not a new device — is none of her sessions' of that window. A User-Agent that cannot be
 * read decides nothing (the address still does). Her very first sign-in on record (no known address,
 * no recorded session) is the reference, not an alert. Read before the sign-in records its own
 * address and session.
 */
import type { Queryable } from '../db/db.ts'
import { clientOf } from './user-agent.ts'

/** As long as an address stays known (lockout.ts, KNOWN_ADDRESS_MS): 180 days. */
const KNOWN_MS = 180 * 24 * 3600_000
/** The recorded User-Agents read at most (the latest distinct ones). */
const DEVICES_READ = 100

/** "Chrome|Windows", "Safari|iOS": the browser and the system without their versions; '' when unread. */
export function deviceKeyOf(userAgent: string | null | undefined): string {
  const { browser, system } = clientOf(userAgent)
  if (!browser && !system) return ''
  const strip = (name: string | undefined) => (name ?? '').replace(/\s+[\d.]+$/, '')
  return `${strip(browser)}|${strip(system)}`
}

export interface SignInClient {
  address: string
  userAgent?: string
}

/** Whether this sign-in is from a device or an address not seen for the customer (see above). */
export async function isNewDeviceOrAddress(q: Queryable, customerId: string, client: SignInClient, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - KNOWN_MS)
  const [known] = await q.query<{ addresses: number; this_address: boolean; agents: (string | null)[] | null }>(
    `select (select count(*)::int from signin_known_addresses where customer_id = $1 and last_signed_in_at >= $3) as addresses,
            exists (select 1 from signin_known_addresses where customer_id = $1 and address = $2 and last_signed_in_at >= $3) as this_address,
            (select array_agg(user_agent) from (
               select user_agent from sessions
                where customer_id = $1 and user_agent is not null and created_at >= $3
                group by user_agent order by max(created_at) desc limit $4) latest) as agents`,
    [customerId, client.address.slice(0, 100), since, DEVICES_READ],
  )
  const agents = known?.agents ?? []
  // The first sign-in on record is the reference.
  if (!known || (known.addresses === 0 && agents.length === 0)) return false
  if (!known.this_address) return true
  const device = deviceKeyOf(client.userAgent)
  if (device === '' || agents.length === 0) return false
  return !agents.some((agent) => deviceKeyOf(agent) === device)
}
