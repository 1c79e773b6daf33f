import type { Config } from './config.ts'
import type { Db } from './db/db.ts'
import type { SessionLimits } from './domain/sessions.ts'

/** What the routes need from the outside: the settings, the database and the time. */
export interface AppContext {
  config: Config
  db: Db
  /** The time of the server; tests move it forward instead of waiting. */
  now: () => Date
  limits: SessionLimits
}
