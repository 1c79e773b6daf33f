import type { Config } from './config.ts'
import type { Db } from './db/db.ts'
import type { SessionLimits } from './domain/sessions.ts'
import type { CodeKey } from './domain/codes.ts'
import type { Lease, LeasedMessage } from './domain/outbox.ts'

/** What the routes need from the outside: the settings, the database and the time. */
export interface AppContext {
  config: Config
  db: Db
  /** The time of the server; tests move it forward instead of waiting. */
  now: () => Date
  limits: SessionLimits
  /**
   * Tells this process's outbox sender that a message was just written (a transfer's code, its
   * confirmation, a PIN reset's code): it is sent at once instead of at the next poll
   * (OUTBOX_POLL_MS, which stays the way messages written by other processes are found).
   */
  outboxWritten: () => void
  /**
   * The lease under which a transfer's ask and confirm write the messages this process sends
   * itself (migration 054), undefined when it sends none; and the hand-over of those messages to
   * its sender, once written, which sends them at once with no claim.
   */
  outboxLease: () => Lease | undefined
  outboxLeased: (messages: readonly LeasedMessage[]) => void
  /**
   * The HMAC key of the codes (transfers and PIN resets): CODE_SECRET's, or the one kept in the
   * database, read (or made) once, at the first call that needs it; a failed read is tried again
   * at the next call (domain/codes.ts, codeKeyOnce).
   */
  codeKey: () => Promise<CodeKey>
}
