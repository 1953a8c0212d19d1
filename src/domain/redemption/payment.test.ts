import { describe, expect, it } from 'vitest'
import { redemptionBalance, redemptionPaymentSchema } from './payment'

describe('the redemption balance (issue 41)', () => {
  it.each([
    ['nothing collected owes the whole quote', 45_000, [], { collectedCents: 0, balanceCents: 45_000, covered: false }],
    ['part payments add up', 45_000, [20_000, 5_000], { collectedCents: 25_000, balanceCents: 20_000, covered: false }],
    ['exactly the quote covers it', 45_000, [45_000], { collectedCents: 45_000, balanceCents: 0, covered: true }],
    ['more than the quote covers it', 45_000, [50_000], { collectedCents: 50_000, balanceCents: 0, covered: true }],
    ['a quote of nothing is covered', 0, [], { collectedCents: 0, balanceCents: 0, covered: true }],
  ])('%s', (_name, quote, amounts, expected) => {
    expect(
      redemptionBalance(
        quote,
        amounts.map((amountCents) => ({ amountCents })),
      ),
    ).toEqual(expected)
  })
})

describe('a redemption payment as sent (issue 41)', () => {
  const field = (body: unknown) => {
    const result = redemptionPaymentSchema.safeParse(body)
    return result.success ? 'ok' : result.error.issues[0].path.join('.')
  }
  it.each([
    ['a cashier check with its number', { amountCents: 45_000, method: 'cashiers_check', reference: 'CK 1001' }, 'ok'],
    ['cash without a reference', { amountCents: 100, method: 'cash' }, 'ok'],
    ['a card without a reference', { amountCents: 100, method: 'card', reference: '  ' }, 'reference'],
    ['nothing collected', { amountCents: 0, method: 'cash' }, 'amountCents'],
    ['a fraction of a cent', { amountCents: 10.5, method: 'cash' }, 'amountCents'],
    ['dollars as text', { amountCents: '450.00', method: 'cash' }, 'amountCents'],
    ['a method off the list', { amountCents: 100, method: 'bitcoin', reference: 'x' }, 'method'],
  ])('%s', (_name, body, expected) => {
    expect(field(body)).toBe(expected)
  })
})
