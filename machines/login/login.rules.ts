/** The pure rules of the login flow: its fresh context, its form errors, what an answer means. */
import { MODULE_CODES, type ModuleCode, type SessionUser } from '../shared/customer.ts'
import type { AuthAnswer, LoginAnswerBody, LoginOutput } from './login.types.ts'

/** The body's `code`, when it carries one (an empty string is no code). */
export const codeOf = ({ body }: AuthAnswer) => (typeof body?.code === 'string' && body.code !== '' ? body.code : undefined)
export const tokenOf = ({ body }: AuthAnswer) => (typeof body?.token === 'string' && body.token !== '' ? body.token : undefined)
export const messageOf = ({ body }: AuthAnswer) => (typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : undefined)

const isModuleCode = (code: unknown): code is ModuleCode => typeof code === 'string' && (MODULE_CODES as readonly string[]).includes(code)

/** The user of an accepted answer; module codes the portal does not know are dropped. */
export function sessionUserOf(body: LoginAnswerBody | null): SessionUser {
  const modules = (body?.modules ?? []).map((module) => module?.code).filter(isModuleCode)
  return { name: body?.name ?? '', kcode: body?.kcode ?? '', modules: [...new Set(modules)] }
}

/** The output of an accepted answer (only called once `isAccepted` held). */
export function signedInOutput(answer: AuthAnswer): LoginOutput {
  const idleSeconds = answer.body?.idleSeconds
  return {
    token: tokenOf(answer) ?? '',
    user: sessionUserOf(answer.body),
    idleSeconds: typeof idleSeconds === 'number' ? idleSeconds : null,
    mustChangePin: answer.body?.mustChangePin === true,
  }
}

/** Passes the actor's answer to a guard or an action of an `onDone` branch. */
export const answer = ({ event }: { event: { output: AuthAnswer } }) => event.output
