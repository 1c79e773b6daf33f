/**
 * The design card's dialogs and toasts (Radix Dialog and Toast, with what they import): one module
 * for one `import()`, so that the build makes one file of them (vite.config.ts, `overlays`), which
 * the sign-in page never loads and the app loads once it is usable or when first needed
 * (src/flows/useOverlays.ts). Their styles go with the app's.
 */
export { Toaster } from '../ui/Toaster'
export { LogoutDialog } from './shell/LogoutDialog'
export { SessionWarningDialog } from './shell/SessionWarningDialog'
