/**
 * rulings §8: an HTTP 429 carries `{code: '1', message}` ("Trop de tentatives. Veuillez réessayer
 * dans N minutes.") and every form, sign-in included, shows that message rather than the generic
 * HTTP error of spec §8. Done here, once, where every flow's actor reads its answer (answerOf):
 * such an answer reads as the bank's refusal with a message — `code` and `status` '1', the message
 * also as `description` — which every machine already shows on its form. A 429 without a readable
 * message stays an HTTP error.
 */
export function tooManyTriesAsRefusal(status: number, body: unknown): { status: number; body: unknown } {
  if (status !== 429 || !body || typeof body !== 'object') return { status, body }
  const message = (body as { message?: unknown }).message
  if (typeof message !== 'string' || message.trim() === '') return { status, body }
  return { status: 200, body: { ...body, code: '1', status: '1', message, description: message } }
}
