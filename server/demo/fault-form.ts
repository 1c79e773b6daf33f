/**
 * The "fault made to measure" form of /__dev/faults.html: what its fields hold, and the Fault they
 * make. Every refusal is a French message of the catalogue tied to its field; a form with any
 * refusal adds nothing.
 */
import { devFaults } from '../../kernel/messages/devTools.ts'
import type { ContractOperation } from '../http/contract.ts'
import { normalUserCode, USER_CODE_FORMAT, type Fault } from './faults.ts'

/** An operation the form offers: the contract's, except the demo tools themselves. */
export interface PanelOperation {
  operationId: string
  method: NonNullable<Fault['method']>
  /** As the contract writes it: /api/rest/customer/v1/used-freq/{id}. */
  path: string
  summary: string
}

/** The operations of the loaded contract, with their summaries. */
export function panelOperations(operations: readonly ContractOperation[]): PanelOperation[] {
  return operations
    .filter((op) => !isDevPath(op.path) && op.method !== 'PATCH')
    .map((op) => ({
      operationId: op.operationId,
      method: op.method as PanelOperation['method'],
      path: op.path,
      summary: op.summary,
    }))
}

export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const

/** The fields as typed (the page shows them again when the form is refused). */
export interface FaultFormValues {
  operation: string
  path: string
  method: string
  status: string
  body: string
  delayMs: string
  times: string
  expireSession: boolean
  dropConnection: boolean
  loseAnswer: boolean
  /** The customer the fault is scoped to (a user code), empty for every customer. */
  customer: string
}

export type FaultField = keyof FaultFormValues
export type FaultFormErrors = Partial<Record<FaultField, string>>

export const emptyFaultForm: FaultFormValues = {
  operation: '',
  path: '',
  method: '',
  status: '',
  body: '',
  delayMs: '',
  times: '',
  expireSession: false,
  dropConnection: false,
  loseAnswer: false,
  customer: '',
}

export function readFaultForm(form: URLSearchParams): FaultFormValues {
  const text = (name: string) => (form.get(name) ?? '').trim()
  return {
    operation: text('operation'),
    path: text('path'),
    method: text('method'),
    status: text('status'),
    // The body is kept as typed (inner spaces, new lines).
    body: form.get('body') ?? '',
    delayMs: text('delayMs'),
    times: text('times'),
    expireSession: form.has('expireSession'),
    dropConnection: form.has('dropConnection'),
    loseAnswer: form.has('loseAnswer'),
    customer: normalUserCode(form.get('customer') ?? ''),
  }
}

const e = devFaults.errors

const isDevPath = (path: string) => path === '/__dev' || path.startsWith('/__dev/')

/** /a/{id}/b → a pattern matching /a/<one segment>/b. */
function templatePattern(template: string): RegExp {
  const escaped = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${escaped.join('[^/]+')}$`)
}

/** A whole number within bounds, `undefined` when empty, `null` when wrong. */
function integer(value: string, min: number, max: number): number | undefined | null {
  if (value === '') return undefined
  if (!/^[0-9]{1,6}$/.test(value)) return null
  const n = Number(value)
  return n >= min && n <= max ? n : null
}

/** The user code of the customer field: undefined when empty, null when it is no user code. */
export function customerOfForm(value: string): string | undefined | null {
  const code = normalUserCode(value)
  if (code === '') return undefined
  return USER_CODE_FORMAT.test(code) ? code : null
}

type Outcome = { fault: Fault; errors?: undefined } | { fault?: undefined; errors: FaultFormErrors }

/** The fault the form describes, or why it cannot be added. */
export function faultOfForm(values: FaultFormValues, operations: readonly PanelOperation[]): Outcome {
  const errors: FaultFormErrors = {}
  const fault: Partial<Fault> = {}

  // The call: an operation of the contract (its path, or a path matching its template), or a free path.
  const operation = values.operation === '' ? undefined : operations.find((op) => op.operationId === values.operation)
  if (values.operation !== '' && !operation) errors.operation = e.unknownOperation
  else if (operation) {
    fault.method = operation.method
    const templated = operation.path.includes('{')
    if (values.path === '') {
      if (templated) errors.path = e.pathRequired(operation.path)
      else fault.path = operation.path
    } else if (!templatePattern(operation.path).test(values.path)) errors.path = e.pathMismatch(operation.path)
    else fault.path = values.path
  } else if (values.path === '') errors.operation = e.callRequired
  else {
    fault.path = values.path
    if (values.method !== '') {
      if ((FAULT_METHODS as readonly string[]).includes(values.method)) fault.method = values.method as Fault['method']
      else errors.method = e.unknownMethod
    }
  }
  if (fault.path !== undefined && !errors.path) {
    // The contract's rule (pattern ^/, 200 characters); a query or a blank could never match a call.
    if (!/^\/[^\s?#]*$/.test(fault.path) || fault.path.length > 200) errors.path = e.pathFormat
    else if (isDevPath(fault.path)) errors.path = e.devPath
  }

  // The answer.
  const status = integer(values.status, 100, 599)
  if (status === null) errors.status = e.status
  else if (status !== undefined) fault.status = status
  if (values.body.trim() !== '') {
    try {
      fault.body = JSON.parse(values.body)
    } catch {
      errors.body = e.bodyJson
    }
  }
  const delayMs = integer(values.delayMs, 0, 60000)
  if (delayMs === null) errors.delayMs = e.delay
  else if (delayMs !== undefined) fault.delayMs = delayMs
  const times = integer(values.times, 1, 1000)
  if (times === null) errors.times = e.times
  else if (times !== undefined) fault.times = times
  if (values.expireSession) fault.expireSession = true
  if (values.dropConnection) fault.dropConnection = true
  if (values.loseAnswer) fault.loseAnswer = true
  const customer = customerOfForm(values.customer)
  if (customer === null) errors.customer = e.customerFormat
  else if (customer !== undefined) fault.customer = customer

  if (values.dropConnection && (values.status !== '' || values.body.trim() !== '')) errors.dropConnection = e.dropWithAnswer
  if (values.loseAnswer && (values.status !== '' || values.body.trim() !== '' || values.dropConnection)) errors.loseAnswer = e.loseWithAnswer
  const changesSomething =
    values.status !== '' || values.body.trim() !== '' || (delayMs ?? 0) > 0 || values.expireSession || values.dropConnection || values.loseAnswer
  if (!changesSomething && !errors.status && !errors.delayMs) errors.status = e.nothing

  return Object.keys(errors).length ? { errors } : { fault: fault as Fault }
}
