/**
 * Every machine of the portal (REQ-PRODUCT-01: one bank's French web portal for its customers), in one list: what the audit documents (`npm run docs:machines`),
 * the traceability table and the QA tools walk over. A new flow's machine is added here.
 */
import type { AnyStateMachine } from 'xstate'
import { balanceForm } from './balance/balance.form.ts'
import { balanceMachine } from './balance/balance.machine.ts'
import { contactForm } from './contact/contact.form.ts'
import { contactMachine } from './contact/contact.machine.ts'
import { loginForm } from './login/login.form.ts'
import { loginMachine } from './login/login.machine.ts'
import { myTransfersMachine } from './myTransfers/myTransfers.machine.ts'
import { notificationsMachine } from './notifications/notifications.machine.ts'
import { passwordChangeForm } from './passwordChange/passwordChange.form.ts'
import { passwordChangeMachine } from './passwordChange/passwordChange.machine.ts'
import { photoForm } from './photo/photo.form.ts'
import { photoMachine } from './photo/photo.machine.ts'
import { pinResetAskForm, pinResetConfirmForm } from './pinReset/pinReset.form.ts'
import { pinResetMachine } from './pinReset/pinReset.machine.ts'
import { profileMachine } from './profile/profile.machine.ts'
import { sessionMachine } from './session/session.machine.ts'
import { sessionsMachine } from './sessions/sessions.machine.ts'
import { statementForm } from './statement/statement.form.ts'
import { statementMachine } from './statement/statement.machine.ts'
import { accountTransferForm, cardTransferForm, momoTransferForm, transferConfirmForm } from './transfer/transfer.form.ts'
import { transferMachine } from './transfer/transfer.machine.ts'

export interface MachineEntry {
  /** The machine's id (its `id`, also the name of its document: docs/machines/<id>.md). */
  id: string
  /** What an auditor calls it. */
  title: string
  machine: AnyStateMachine
  /** Its definition, from the repository root. */
  source: string
  /** The views that render it, from the repository root. */
  screens: string[]
  /** The routes where it runs (spec §2). */
  routes: string[]
}

export const machineRegistry: MachineEntry[] = [
  { id: 'login', title: 'Sign-in', machine: loginMachine, source: 'machines/login/login.machine.ts', screens: ['src/flows/login'], routes: ['/login'] },
  {
    id: 'session',
    title: 'Session of the signed-in customer',
    machine: sessionMachine,
    source: 'machines/session/session.machine.ts',
    screens: ['src/session', 'src/flows/shell'],
    routes: ['/app/*'],
  },
  {
    id: 'pinReset',
    title: 'Forgotten PIN',
    machine: pinResetMachine,
    source: 'machines/pinReset/pinReset.machine.ts',
    screens: ['src/flows/pinReset'],
    routes: ['/reinit-password'],
  },
  {
    id: 'transfer',
    title: 'Transfers (account, mobile money, prepaid card)',
    machine: transferMachine,
    source: 'machines/transfer/transfer.machine.ts',
    screens: ['src/flows/transfer'],
    routes: ['/app/transfer', '/app/momo', '/app/prepaid-card'],
  },
  {
    id: 'balance',
    title: 'Balance',
    machine: balanceMachine,
    source: 'machines/balance/balance.machine.ts',
    screens: ['src/flows/balance'],
    routes: ['/app/balance'],
  },
  {
    id: 'statement',
    title: 'Account statement',
    machine: statementMachine,
    source: 'machines/statement/statement.machine.ts',
    screens: ['src/flows/statement'],
    routes: ['/app/statement'],
  },
  {
    id: 'passwordChange',
    title: 'Change of password',
    machine: passwordChangeMachine,
    source: 'machines/passwordChange/passwordChange.machine.ts',
    screens: ['src/flows/passwordChange', 'src/flows/temporaryPin'],
    routes: ['/app/update-password', '/app/new-pin'],
  },
  {
    id: 'profile',
    title: 'Profile',
    machine: profileMachine,
    source: 'machines/profile/profile.machine.ts',
    screens: ['src/flows/profile'],
    routes: ['/app/profile'],
  },
  {
    id: 'contact',
    title: 'Contact data',
    machine: contactMachine,
    source: 'machines/contact/contact.machine.ts',
    screens: ['src/flows/contact'],
    routes: ['/app/update-contact'],
  },
  {
    id: 'photo',
    title: 'Profile photo',
    machine: photoMachine,
    source: 'machines/photo/photo.machine.ts',
    screens: ['src/flows/photo'],
    routes: ['/app/update-picture'],
  },
  {
    id: 'notifications',
    title: 'Notifications',
    machine: notificationsMachine,
    source: 'machines/notifications/notifications.machine.ts',
    screens: ['src/flows/notifications'],
    routes: ['/app/notification'],
  },
  {
    id: 'sessions',
    title: 'Sessions and devices',
    machine: sessionsMachine,
    source: 'machines/sessions/sessions.machine.ts',
    screens: ['src/flows/sessions'],
    routes: ['/app/sessions'],
  },
  {
    id: 'myTransfers',
    title: 'My transfers',
    machine: myTransfersMachine,
    source: 'machines/myTransfers/myTransfers.machine.ts',
    screens: ['src/flows/myTransfers'],
    routes: ['/app/transfers'],
  },
]

export const machineById = (id: string): MachineEntry | undefined => machineRegistry.find((entry) => entry.id === id)

/** Every form of spec §5, by its export name: what the traceability records name (`{ form: … }`). */
export const formRegistry = {
  balanceForm,
  contactForm,
  loginForm,
  photoForm,
  pinResetAskForm,
  pinResetConfirmForm,
  accountTransferForm,
  momoTransferForm,
  cardTransferForm,
  transferConfirmForm,
  passwordChangeForm,
  statementForm,
}
