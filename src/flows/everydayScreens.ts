/**
 * The screens a customer opens in most sessions, balance and transfers: one module for one
 * `import()`, so that the build makes one file of them and what they import (vite.config.ts,
 * `everyday`), precached by the service worker.
 */
export { BalancePage } from './balance/BalancePage'
export { AccountTransferPage, CardTransferPage, MomoTransferPage } from './transfer/TransferPage'
