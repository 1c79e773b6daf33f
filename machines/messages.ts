/**
 * The message catalogue (REQ-PRODUCT-06): every French text the portal can show, in one place, so that an auditor
 * reads them once and a test compares them with the texts docs/requirements.md quotes (the spec's
 * §1, §2, §4, §5, §8 and the rulings §1, restated there). Texts quoted by the spec are kept exactly
 * as quoted, typos included ("minimun", "saisit"); where the spec gives two readings, the rulings
 * pick the correct French one.
 *
 * Pure data: imported by the machines and the views. The texts live in one file per screen family
 * under `messages/`, so that each screen's chunk carries only its own texts (the first screen stays
 * small); this module is the portal's one way in. The texts the server also reads (its answers, SMS
 * and e-mails, the form rules) live in the shared kernel, kernel/messages/, re-exported here.
 */

export * from './messages/core.ts'
export * from '../kernel/messages/validation.ts'
export * from './messages/publicPages.ts'
export * from './messages/shell.ts'
export * from './messages/sessionWarning.ts'
export * from './messages/access.ts'
export * from './messages/dashboard.ts'
export * from './messages/accounts.ts'
export * from './messages/statementView.ts'
export * from './messages/pinReset.ts'
export * from './messages/transfer.ts'
export * from './messages/statement.ts'
export * from './messages/balance.ts'
export * from './messages/profile.ts'
export * from './messages/password.ts'
export * from './messages/temporaryPin.ts'
export * from './messages/sessions.ts'
export * from './messages/notifications.ts'
export * from '../kernel/messages/api.ts'
export * from './messages/terms.ts'
export * from './messages/offline.ts'
export * from './messages/experience.ts'
export * from './messages/myTransfers.ts'
