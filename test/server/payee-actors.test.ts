/**
 * The transfer flow's own call actors (src/flows/transfer/actors.ts) against the reference server,
 * for the payees named before paying (rulings §9.2: details-wallet, details-card) and the rate
 * before committing (rulings §9.3: POST rate): what the transfer machine receives.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor, type PromiseActorLogic } from 'xstate'
import { api as apiTexts } from '../../machines/messages.ts'
import { mainCustomer, namedCards, namedWallets, unknownCard, unknownWallet } from '../../server/demo/demo-data.ts'
import { MemoryStorage, startTestServer, type TestServer, stubServedPage } from './harness.ts'

let server: TestServer
let transferActors: typeof import('../../src/flows/transfer/actors.ts')

/** Holder lookups (details, details-wallet, details-card together) allowed per address in this file's window. */
const LOOKUPS = 6

beforeAll(async () => {
  server = await startTestServer({
    config: { addressLimits: { windowMinutes: 15, signIn: 100_000, pinResetAsk: 100_000, pinResetConfirm: 100_000, details: LOOKUPS } },
  })
  stubServedPage({ 'api-base-url': server.url })
  vi.stubGlobal('sessionStorage', new MemoryStorage())
  transferActors = await import('../../src/flows/transfer/actors.ts')
  sessionStorage.setItem('auth-token', await server.signIn(mainCustomer))
})
afterAll(async () => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  await server?.close()
})

const run = <I, O>(logic: PromiseActorLogic<O, I>, input: I): Promise<O> =>
  waitFor(createActor(logic, { input }).start(), (s) => s.status !== 'active').then((s) => {
    if (s.status !== 'done') throw s.error
    return s.output as O
  })

describe('the rate before committing (rulings §9.3)', () => {
  it('the rate in force and the exact amount debited: 12.50 USD sent from a CDF account', async () => {
    expect(await run(transferActors.quoteRate, { currencySent: '1', currency: '3', amount: '12.50' })).toEqual({
      found: true,
      rate: '2850.00000000',
      debitAmount: '35625.00',
    })
  })

  it('exact to the cent, rounded half up as the ask does: 1234.57 EUR from a USD account', async () => {
    // 1234.57 × 1.08 = 1333.3356 → 1333.34
    expect(await run(transferActors.quoteRate, { currencySent: '2', currency: '1', amount: '1234.57' })).toEqual({
      found: true,
      rate: '1.08000000',
      debitAmount: '1333.34',
    })
  })

  it("no quote, with the bank's reason, when the debit would round to zero", async () => {
    expect(await run(transferActors.quoteRate, { currencySent: '3', currency: '1', amount: '0.01' })).toEqual({
      found: false,
      message: apiTexts.transfer.amountTooSmall,
    })
  })
})

describe('payees named before paying (rulings §9.2)', () => {
  it('a known wallet and a known card: their holders', async () => {
    const wallet = namedWallets[0]
    const card = namedCards[1]
    expect(await run(transferActors.lookUpHolder, { kind: 'momo', phone: wallet.phone })).toEqual({ found: true, libelle: wallet.holder })
    expect(await run(transferActors.lookUpHolder, { kind: 'card', accountId: card.accountId, lastFour: card.lastFour })).toEqual({
      found: true,
      libelle: card.holder,
    })
  })

  it('an unknown wallet or card: not found (the machine shows its own text)', async () => {
    expect(await run(transferActors.lookUpHolder, { kind: 'momo', phone: unknownWallet })).toEqual({ found: false })
    expect(await run(transferActors.lookUpHolder, { kind: 'card', ...unknownCard })).toEqual({ found: false })
    // A card's account id with another card's last four is not that card.
    expect(await run(transferActors.lookUpHolder, { kind: 'card', accountId: namedCards[0].accountId, lastFour: namedCards[1].lastFour })).toEqual({
      found: false,
    })
  })

  it("counted with details against one per-address limit: past it, the bank's own wait (rulings §8)", async () => {
    // Five lookups so far in this file; the sixth is the last one allowed.
    expect(await run(transferActors.lookUpHolder, { kind: 'account', account: mainCustomer.accounts.usd.number })).toMatchObject({ found: true })
    for (const input of [
      { kind: 'momo', phone: namedWallets[1].phone },
      { kind: 'card', accountId: namedCards[0].accountId, lastFour: namedCards[0].lastFour },
    ] as const) {
      const refused = await run(transferActors.lookUpHolder, input)
      const minutes = Number(/\d+/.exec(refused.found ? '' : (refused.message ?? ''))?.[0])
      expect(minutes).toBeGreaterThanOrEqual(1)
      expect(minutes).toBeLessThanOrEqual(15)
      expect(refused).toEqual({ found: false, message: apiTexts.tooManyTries(minutes) })
    }
  })
})
