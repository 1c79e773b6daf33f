/**
 * The catalogue's texts that the server reads (kernel/: what the browser and the server both read):
 * its answers, SMS, e-mails and PDFs (`api`), the form rules both sides check (`validation`), the
 * sign-in texts, the transfer screens' headings, and the /__dev pages' texts. The portal reads them
 * through its own catalogue, machines/messages.ts, which re-exports the files it needs; the server
 * reads them here. Exact French texts, one place each.
 */

export * from './messages/signIn.ts'
export * from './messages/validation.ts'
export * from './messages/api.ts'
export * from './messages/transferHeadings.ts'
export * from './messages/devTools.ts'
