/**
 * The PDF receipt of an executed transfer (its text read back with pdftotext), its ownership, and
 * used-freq (payees credited most, most used first, at most 5).
 */
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer, namedWallets, payeeAccounts, statementOnlyCustomer, webBlockedCustomer } from '../../server/demo/demo-data.ts'
import { formatDateTime } from '../../server/domain/transfers.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { otherCode, transferHelpers, type Kind } from './transfers-helpers.ts'

const r = api.transfer.receipt
let server: TestServer
let token: string
let esther: string
const h = transferHelpers(() => server)

beforeAll(async () => {
  // More transfer asks within minutes than the default throttle lets through (rate-limits.test.ts checks it).
  server = await startTestServer({
    config: { bankName: 'Banque du Kivu', sessionIdleMinutes: 600, sessionMaxMinutes: 6000, transferAskLimit: 1000 },
  })
  token = await server.signIn(mainCustomer)
  esther = await server.signIn(statementOnlyCustomer)
})
afterAll(() => server?.close())

const usd = mainCustomer.accounts.usd
const [grace, kivu, patrick, , sarah, espoir] = payeeAccounts
const paul = webBlockedCustomer.accounts.usd

const receipt = (reference: string, as = token) => server.call(customerPath(`transfer/receipt/${reference}`), { token: as })

/** pdftotext (poppler) reads the PDF back; whitespace collapsed so that columns do not matter. */
function pdfText(pdf: Buffer): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ')
}

async function receiptBytes(reference: string): Promise<Buffer> {
  const res = await fetch(`${server.url}${customerPath(`transfer/receipt/${reference}`)}`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

async function transfer(kind: Kind, body: Record<string, unknown>, confirm = true): Promise<string> {
  const res = await h.ask(kind, token, body)
  expect(res.body.status, res.body.message).toBe('0')
  const reference = res.body.code as string
  if (confirm) {
    const code = await h.codeSentTo(mainCustomer)
    expect((await h.confirm(kind, token, reference, code)).body.status).toBe('0')
  }
  return reference
}

const toAccount = (payee: { number: string; currency: string }, amount = '1.00') => {
  const own = Object.values(mainCustomer.accounts).find((a) => a.currency === payee.currency)!
  return { debitAccount: own.number, creditAccount: payee.number, description: 'Paiement test', currency: payee.currency, amount }
}
const toPhone = (phone: string, amount = '1.00') => ({
  debitAccount: usd.number,
  phone,
  description: 'Paiement test',
  currency: '1',
  amount,
  currencySent: '1',
})

describe('GET transfer/receipt/{reference}', () => {
  it('is a tagged PDF in French with an embedded font: accents and currency signs read back', async () => {
    const signs = '€ $ £ ₣ ₦' // ₣ and ₦ are not in a WinAnsi font: only an embedded one draws them
    const reference = await transfer('account', { ...toAccount(grace, '1234.56'), description: `Loyer de février ${signs}` })
    const pdf = await receiptBytes(reference)
    const raw = pdf.toString('latin1')
    expect(raw.startsWith('%PDF-1.7')).toBe(true)
    expect(raw).toContain('/Lang (fr-FR)')
    expect(raw).toMatch(/\/MarkInfo \d+ 0 R/)
    expect(raw).toContain('/Marked true')
    expect(raw).toContain('/StructTreeRoot')
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/)
    const text = pdfText(pdf)
    expect(text).toContain(`${r.description} : Loyer de février ${signs}`)
    expect(text).toContain(`${r.amount} : 1 234,56 USD`)
    expect(text).toContain('Reçu de transfert')
  })

  it('is a PDF attachment naming the bank, customer, reference, date, accounts, payee, amount and new balance', async () => {
    const reference = await transfer('account', { ...toAccount(grace, '42.10'), description: 'Loyer de juin' })
    const res = await receipt(reference)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="recu-${reference}.pdf"`)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const pdf = await receiptBytes(reference)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(pdf)
    const [row] = await server.db.query<{ executed_at: Date; balance_after: string }>(
      'select executed_at, balance_after::text from pending_transfers where reference = $1',
      [reference],
    )
    const balance = row!.balance_after.replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
    for (const expected of [
      'Banque du Kivu',
      r.title,
      `${r.customer} : ${mainCustomer.name} (${mainCustomer.kcode})`,
      `${r.reference} : ${reference}`,
      `${r.executedAt} : ${formatDateTime(row!.executed_at, 'Africa/Kinshasa')} (${r.timeZone('Africa/Kinshasa')})`,
      `${r.kind} : ${r.kinds.account}`,
      `${r.debitAccount} : ${usd.number}`,
      `${r.payee} : ${grace.holder}`,
      `${r.creditAccount} : ${grace.number}`,
      `${r.amount} : 42,10 USD`,
      `${r.description} : Loyer de juin`,
      `${r.balance} : ${balance} USD`,
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).not.toContain(r.debitAmount)
  })

  it('of a converted transfer, also states the debit amount and the rate', async () => {
    const reference = await transfer('momo', { ...toPhone('243810000009', '10000.00'), currencySent: '3' })
    const text = pdfText(await receiptBytes(reference))
    expect(text).toContain(`${r.kind} : ${r.kinds.momo}`)
    expect(text).toContain(`${r.payee} : 243810000009`)
    expect(text).toContain(`${r.amount} : 10 000,00 CDF`)
    expect(text).toContain(`${r.debitAmount} : 3,51 USD`)
    expect(text).toContain(`${r.rate} : 1 CDF = 0,00035088 USD`)
  })

  it("is 404 for another customer's, an unknown, a pending or a cancelled transfer", async () => {
    const executed = await transfer('account', toAccount(grace))
    const pending = await transfer('account', toAccount(grace), false)
    const cancelled = await transfer('account', toAccount(grace), false)
    const code = await h.codeSentTo(mainCustomer)
    for (let i = 0; i < 3; i++) await h.confirm('account', token, cancelled, otherCode(code))
    for (const [reference, as] of [
      [executed, esther],
      ['VIR0000000000000000000X', token],
      [pending, token],
      [cancelled, token],
    ] as const) {
      const res = await receipt(reference, as)
      expect(res.status, reference).toBe(404)
      expect(res.body).toEqual({ message: api.notFound })
    }
    expect((await receipt(executed)).status).toBe(200)
  })

  it('refuses a malformed reference (400) and a call without session (403)', async () => {
    expect((await receipt('abc.pdf')).status).toBe(400)
    expect((await server.call(customerPath('transfer/receipt/VIR123'))).status).toBe(403)
  })
})

describe('GET used-freq/{1,2}', () => {
  const freq = async (id: '1' | '2', as = token) => {
    const res = await server.call(customerPath(`used-freq/${id}`), { token: as })
    expect(res.status).toBe(200)
    expect(res.body.code).toBe('0')
    return res.body.comptes as string[]
  }

  it('lists the accounts credited most by executed transfers, most used first (ties: most recent first), at most 5', async () => {
    // with the receipt tests' transfers: 2 more to Grace Mbuyi
    const order = [grace, grace, patrick, patrick, sarah, espoir, paul, kivu, kivu, grace]
    for (const payee of order) {
      await transfer('account', toAccount(payee))
      server.clock.advance(1000)
    }
    // asked but never confirmed, or cancelled: not counted
    for (let i = 0; i < 4; i++) await transfer('account', toAccount(sarah), false)
    // mobile and card transfers are not accounts
    await transfer('momo', toPhone('243810000001'))
    expect(await freq('1')).toEqual([grace.number, kivu.number, patrick.number, paul.number, espoir.number])
    // The same payees with the holder's name, so the portal can offer "number — name".
    const res = await server.call(customerPath('used-freq/1'), { token })
    expect(res.body.payees).toEqual([grace, kivu, patrick, paul, espoir].map((a) => ({ compte: a.number, holder: expect.stringMatching(/\S/) })))
    expect(res.body.payees.slice(0, 3).map((p: { holder: string }) => p.holder)).toEqual([grace.holder, kivu.holder, patrick.holder])
  })

  it("names each account by its current holder, as details does: a renamed holder's new label; none once the account no longer qualifies", async () => {
    // docs/decisions.md, "Mobile data: a frequent payee's holder from its suggestion": the portal
    // names a suggested payee from used-freq without calling details, so both must answer alike.
    await transfer('account', toAccount(grace))
    await transfer('account', toAccount(espoir))
    const payeeOf = async (number: string) =>
      ((await server.call(customerPath('used-freq/1'), { token })).body.payees as { compte: string; holder?: string }[]).find((p) => p.compte === number)
    const details = async (number: string) => (await server.call(customerPath('details'), { token, body: { code: number, currency: '' } })).body
    expect(await payeeOf(grace.number)).toEqual({ compte: grace.number, holder: grace.holder })
    try {
      // The transfers to her were written with her old label: used-freq answers the account's label now.
      await server.db.query('update accounts set holder_label = $2 where number = $1', [grace.number, 'Grace Mbuyi Kabila'])
      expect(await payeeOf(grace.number)).toEqual({ compte: grace.number, holder: 'Grace Mbuyi Kabila' })
      expect(await details(grace.number)).toEqual({ code: '0', libelle: 'Grace Mbuyi Kabila' })
      // An account that is no longer a customer or payee account: details does not find it, used-freq names no holder.
      await server.db.query("update accounts set kind = 'internal' where number = $1", [espoir.number])
      expect(await payeeOf(espoir.number)).toEqual({ compte: espoir.number })
      expect((await details(espoir.number)).code).toBe('1')
    } finally {
      await server.db.query('update accounts set holder_label = $2 where number = $1', [grace.number, grace.holder])
      await server.db.query("update accounts set kind = 'external' where number = $1", [espoir.number])
    }
  })

  it('lists the phone numbers of executed mobile transfers the same way', async () => {
    for (const phone of ['243840000003', '243970000002', '243840000003', '243840000003', '243810000001']) {
      await transfer('momo', toPhone(phone))
      server.clock.advance(1000)
    }
    await transfer('card', {
      debitAccount: usd.number,
      accountId: '12345678',
      lastFour: '4321',
      description: 'Recharge carte',
      currency: '1',
      amount: '1.00',
      currencySent: '1',
    })
    await transfer('momo', toPhone('243900000004'), false)
    // 243810000001: 1 here + 1 in the previous test; 243810000009: 1 in the receipt tests; then the
    // demo history's named wallets (46 and 76 days ago: the latest of them takes the 5th place)
    const [marie, cedric] = namedWallets
    expect(await freq('2')).toEqual(['243840000003', '243810000001', '243970000002', '243810000009', cedric.phone])
    expect(marie.phone).not.toBe(cedric.phone)
    // A phone number the bank cannot name has no holder; a named wallet has its holder's name.
    const res = await server.call(customerPath('used-freq/2'), { token })
    expect(res.body.payees[0]).toEqual({ compte: '243840000003' })
    expect(res.body.payees[4]).toEqual({ compte: cedric.phone, holder: cedric.holder })
  })

  it('each customer sees only their own', async () => {
    expect(await freq('1', esther)).toEqual([])
    expect(await freq('2', esther)).toEqual([])
  })
})
