/**
 * The HTML of /__dev/faults.html: the faults in force, the scenarios of every flow (one fieldset
 * per flow, its legend naming the screen to open), the form of a fault
 * made to measure. Plain forms that post back to the page, so it works without any script (the
 * CSP forbids inline ones); styles are /__dev/faults.css for the same reason. Every text comes from
 * the catalogue, every value shown is escaped.
 */
import { devFaults } from '../../kernel/messages/devTools.ts'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import { transferScreens } from './transfer-screens.ts'
import type { Fault } from './faults.ts'
import { escapeHtml as h } from '../http/html.ts'
import { emptyFaultForm, FAULT_METHODS, type FaultField, type FaultFormErrors, type FaultFormValues, type PanelOperation } from './fault-form.ts'
import { allScenarios, flowScreens, SCENARIO_FLOWS, transferCalls, type FaultScenario, type FlowId } from './fault-scenarios.ts'

const t = devFaults
export const FAULTS_PAGE = '/__dev/faults.html'

export interface FaultsPageModel {
  bankName: string
  faults: Fault[]
  operations: readonly PanelOperation[]
  /** What the last post did (after the redirect), or why it was refused when no field is to blame. */
  notice?: { kind: 'ok' | 'error'; text: string }
  /** The custom form as typed, and its refusals (the page then answers 400). */
  form?: FaultFormValues
  errors?: FaultFormErrors
  /**
   * The customer the scenarios and the form are scoped to (rulings §9.8): from `?customer=` (the QA
   * panel's link, the redirect after a post), empty for every customer.
   */
  customer?: string
  /** Why the scenarios' customer was refused (the page then answers 400). */
  customerError?: string
}

/** "Transfert vers mobile (/app/momo)": the group of a kind's scenarios. */
export function kindLegend(kind: TransferKind): string {
  return t.kindLegend(transferScreens[kind].heading, transferCalls[kind].screen)
}

const isTransferKind = (flow: FlowId): flow is TransferKind => flow in transferScreens

/** "Relevé de compte (/app/statement)": the group of a flow's scenarios, with its screen. */
export function flowLegend(flow: FlowId): string {
  return isTransferKind(flow) ? kindLegend(flow) : t.kindLegend(t.flows[flow].legend, flowScreens[flow])
}

/** The confirmation of a scenario: its group and its label. */
export function scenarioTitle(scenario: FaultScenario): string {
  return t.scenarioLabel(flowLegend(scenario.flow), scenario.label)
}

/** One fault in force, in words; the body as JSON in a <code>. Already escaped. */
function describeFault(fault: Fault): string {
  const call = `<strong>${h(fault.method ?? t.anyMethod)}</strong> <code>${h(fault.path)}</code>`
  const parts: string[] = []
  if (fault.dropConnection) parts.push(h(t.connectionDropped))
  else if (fault.loseAnswer) parts.push(h(t.answerLost))
  else if (fault.status === undefined && !('body' in fault)) parts.push(h(t.realAnswer))
  else {
    parts.push(h(fault.status === undefined ? t.defaultStatus : t.status(fault.status)))
    parts.push('body' in fault ? `${h(t.body)} <code>${h(JSON.stringify(fault.body ?? null))}</code>` : h(t.emptyBody))
  }
  if (fault.delayMs) parts.push(h(t.delay(fault.delayMs)))
  if (fault.expireSession) parts.push(h(t.sessionExpires))
  parts.push(h(fault.times === undefined ? t.untilCleared : t.timesLeft(fault.times)))
  parts.push(h(fault.customer === undefined ? t.everyCustomer : t.forCustomer(fault.customer)))
  return `${call} — ${parts.join(', ')}`
}

const postForm = (action: string, inner: string, attributes = '') =>
  `<form method="post" action="${FAULTS_PAGE}"${attributes}><input type="hidden" name="action" value="${action}">${inner}</form>`

function inForce(faults: Fault[]): string {
  const list = faults.length ? `<ol class="faults">${faults.map((f) => `<li>${describeFault(f)}</li>`).join('\n')}</ol>` : `<p>${h(t.none)}</p>`
  return `<section aria-labelledby="in-force-title"><h2 id="in-force-title">${h(t.inForceTitle)}</h2>
${list}
<div class="clear">
${postForm('clear', `<button type="submit" class="secondary">${h(t.clear)}</button>`)}
${customersOf(faults)
  .map((c) =>
    postForm('clear', `<input type="hidden" name="customer" value="${h(c)}"><button type="submit" class="secondary">${h(t.clearCustomer(c))}</button>`),
  )
  .join('\n')}
</div>
</section>`
}

/** The customers that faults in force are scoped to, in order of appearance. */
const customersOf = (faults: Fault[]) => [...new Set(faults.flatMap((f) => (f.customer === undefined ? [] : [f.customer])))]

/** The customer field of the scenarios (its own id: the custom form has one too). */
function scenarioCustomer(value: string, error: string | undefined): string {
  const id = 'scenario-customer'
  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')
  return `<div class="field"><label for="${id}">${h(t.customerLabel)}</label>
<p class="hint" id="${id}-hint">${h(t.customerHint)}</p>
${error ? `<p class="field-error" id="${id}-error">${h(error)}</p>` : ''}
<input type="text" id="${id}" name="customer" value="${h(value)}" autocomplete="off" spellcheck="false" autocapitalize="characters" maxlength="32"${error ? ' aria-invalid="true"' : ''} aria-describedby="${describedBy}"></div>`
}

function scenarios(customer: string, customerError: string | undefined): string {
  const groups = SCENARIO_FLOWS.map((flow) => {
    const buttons = allScenarios
      .filter((s) => s.flow === flow)
      .map((s) => `<li><button type="submit" name="scenario" value="${h(s.id)}">${h(s.label)}</button></li>`)
      .join('\n')
    return `<fieldset><legend>${h(flowLegend(flow))}</legend><ul class="scenarios">\n${buttons}\n</ul></fieldset>`
  }).join('\n')
  return `<section aria-labelledby="scenarios-title"><h2 id="scenarios-title">${h(t.scenariosTitle)}</h2>
<p>${h(t.scenariosIntro)}</p>
${postForm('scenario', `${scenarioCustomer(customer, customerError)}\n${groups}`)}
</section>`
}

// ---- The custom form ------------------------------------------------------------------------------

const fieldId = (field: FaultField) => `f-${field}`

/** aria attributes tying a control to its hint and its error. */
function described(field: FaultField, errors: FaultFormErrors, hint: boolean): string {
  const ids = [errors[field] ? `${fieldId(field)}-error` : '', hint ? `${fieldId(field)}-hint` : ''].filter(Boolean)
  return `${errors[field] ? ' aria-invalid="true"' : ''}${ids.length ? ` aria-describedby="${ids.join(' ')}"` : ''}`
}

function field(name: FaultField, label: string, control: string, errors: FaultFormErrors, hint?: string): string {
  return `<div class="field"><label for="${fieldId(name)}">${h(label)}</label>
${hint ? `<p class="hint" id="${fieldId(name)}-hint">${h(hint)}</p>` : ''}
${errors[name] ? `<p class="field-error" id="${fieldId(name)}-error">${h(errors[name])}</p>` : ''}
${control}</div>`
}

function select(name: FaultField, value: string, options: [string, string][], errors: FaultFormErrors, hint: boolean): string {
  const items = options.map(([v, text]) => `<option value="${h(v)}"${v === value ? ' selected' : ''}>${h(text)}</option>`).join('')
  return `<select id="${fieldId(name)}" name="${name}"${described(name, errors, hint)}>${items}</select>`
}

function textInput(name: FaultField, value: string, errors: FaultFormErrors, hint: boolean, numeric = false): string {
  const kind = numeric ? ' inputmode="numeric"' : ' spellcheck="false"'
  return `<input type="text" id="${fieldId(name)}" name="${name}" value="${h(value)}" autocomplete="off"${kind}${described(name, errors, hint)}>`
}

function checkbox(name: 'expireSession' | 'dropConnection' | 'loseAnswer', label: string, checked: boolean, errors: FaultFormErrors): string {
  return `<div class="check">${errors[name] ? `<p class="field-error" id="${fieldId(name)}-error">${h(errors[name])}</p>` : ''}
<input type="checkbox" id="${fieldId(name)}" name="${name}" value="on"${checked ? ' checked' : ''}${described(name, errors, false)}>
<label for="${fieldId(name)}">${h(label)}</label></div>`
}

function errorSummary(errors: FaultFormErrors): string {
  const items = (Object.entries(errors) as [FaultField, string][]).map(([name, message]) => `<li><a href="#${fieldId(name)}">${h(message)}</a></li>`).join('')
  // Focused on load, so that the refusal is read first; the links lead to the fields.
  return `<div class="error-summary" role="alert" tabindex="-1" autofocus><h3>${h(t.errorTitle)}</h3><ul>${items}</ul></div>`
}

function customForm(operations: readonly PanelOperation[], values: FaultFormValues, errors: FaultFormErrors): string {
  const operationOptions: [string, string][] = [
    ['', t.noOperation],
    ...operations.map((op): [string, string] => [op.operationId, `${op.method} ${op.path}${op.summary ? ` — ${op.summary}` : ''}`]),
  ]
  const methodOptions: [string, string][] = [['', t.anyMethod], ...FAULT_METHODS.map((m): [string, string] => [m, m])]
  const call = `<fieldset><legend>${h(t.callLegend)}</legend>
${field('operation', t.operation, select('operation', values.operation, operationOptions, errors, false), errors)}
${field('path', t.path, textInput('path', values.path, errors, true), errors, t.pathHint)}
${field('method', t.method, select('method', values.method, methodOptions, errors, false), errors)}
</fieldset>`
  const answer = `<fieldset><legend>${h(t.answerLegend)}</legend>
${field('status', t.statusLabel, textInput('status', values.status, errors, true, true), errors, t.statusHint)}
${field('body', t.bodyLabel, `<textarea id="${fieldId('body')}" name="body" rows="5" spellcheck="false"${described('body', errors, true)}>${h(values.body)}</textarea>`, errors, t.bodyHint)}
${field('delayMs', t.delayLabel, textInput('delayMs', values.delayMs, errors, true, true), errors, t.delayHint)}
${field('times', t.timesLabel, textInput('times', values.times, errors, true, true), errors, t.timesHint)}
</fieldset>`
  const options = `<fieldset><legend>${h(t.optionsLegend)}</legend>
${checkbox('expireSession', t.expireSession, values.expireSession, errors)}
${checkbox('dropConnection', t.dropConnection, values.dropConnection, errors)}
${checkbox('loseAnswer', t.loseAnswer, values.loseAnswer, errors)}
${field('customer', t.customerLabel, textInput('customer', values.customer, errors, true), errors, t.customerHint)}
</fieldset>`
  return `<section aria-labelledby="custom-title"><h2 id="custom-title">${h(t.customTitle)}</h2>
${Object.keys(errors).length ? errorSummary(errors) : ''}
${postForm('custom', `${call}\n${answer}\n${options}\n<button type="submit">${h(t.add)}</button>`, ' novalidate')}
</section>`
}

// ---- The page -------------------------------------------------------------------------------------

export function faultsPage(model: FaultsPageModel): string {
  const errors = model.errors ?? {}
  const hasErrors = Object.keys(errors).length > 0
  const notice = model.notice
    ? `<div class="notice ${model.notice.kind}" role="${model.notice.kind === 'ok' ? 'status' : 'alert'}" tabindex="-1"${hasErrors ? '' : ' autofocus'}>${h(model.notice.text)}</div>`
    : ''
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(t.title)} — ${h(model.bankName)}</title>
<link rel="stylesheet" href="/__dev/faults.css"></head>
<body><main>
<h1>${h(t.title)}</h1>
<p>${h(t.intro)}</p>
<p><a href="/__dev/outbox.html">${h(t.outboxLink)}</a></p>
${notice}
${inForce(model.faults)}
${scenarios(model.customer ?? '', model.customerError)}
${customForm(model.operations, model.form ?? { ...emptyFaultForm, customer: model.customer ?? '' }, errors)}
</main></body></html>
`
}

/** The CSP forbids inline styles: the page's rules are this file. Usable from 320 px wide. */
export const FAULTS_CSS = `*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff;line-height:1.45}
main{max-width:62rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0}
h2{font-size:1.25rem;margin:2rem 0 .75rem;padding-bottom:.25rem;border-bottom:1px solid #ccc}
h3{font-size:1rem;margin:0 0 .5rem}
a{color:#0b4f8a}
fieldset{border:1px solid #bbb;border-radius:4px;margin:0 0 1rem;padding:.5rem .75rem .75rem;min-width:0}
legend{font-weight:600;padding:0 .25rem}
.field{margin:.5rem 0 .9rem}
.field label{display:block;font-weight:600}
input[type=text],select,textarea{display:block;width:100%;max-width:44rem;font:inherit;padding:.4rem;border:1px solid #767676;border-radius:3px;background:#fff;color:inherit}
textarea{font-family:ui-monospace,Menlo,Consolas,monospace}
.check{margin:.4rem 0;display:grid;grid-template-columns:auto 1fr;gap:0 .5rem;align-items:start}
.check input{margin:.3rem 0 0;width:1.1rem;height:1.1rem}
.check .field-error{grid-column:1/-1}
.hint{color:#555;font-size:.9rem;margin:.1rem 0 .3rem}
.field-error{color:#b00020;font-weight:600;margin:.1rem 0 .3rem}
[aria-invalid=true]{border:2px solid #b00020}
button{font:inherit;padding:.5rem .9rem;border-radius:4px;border:1px solid #0b4f8a;background:#0b4f8a;color:#fff;cursor:pointer}
button.secondary,.scenarios button{background:#fff;color:#0b4f8a;text-align:left}
button:hover{text-decoration:underline}
.scenarios{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.5rem}
.notice,.error-summary{padding:.75rem 1rem;border-radius:4px;margin:1rem 0}
.notice.ok{background:#e8f5e9;border:1px solid #2e7d32}
.notice.error,.error-summary{background:#fdecea;border:1px solid #b00020}
.error-summary ul{margin:0;padding-left:1.2rem}
.error-summary a{color:#8a0019;font-weight:600}
.faults{padding-left:1.5rem}
.faults li{margin:.4rem 0;overflow-wrap:anywhere}
.clear{display:flex;flex-wrap:wrap;gap:.5rem}
code{font-family:ui-monospace,Menlo,Consolas,monospace;background:#f2f2f2;padding:0 .2rem;overflow-wrap:anywhere}
:focus-visible{outline:3px solid #f9a825;outline-offset:2px}`
