import { describe, expect, it } from 'vitest'
import {
  billedQuantity,
  findOverlap,
  priceCase,
  priceLine,
  type RateCardVersion,
  type RateRow,
  rateRowFor,
  rateRowProblems,
  recoveryFeeType,
  storageCharge,
  versionInForce,
} from './pricing'
import { rateRow } from './rate-row-fixture'

const row = rateRow

const place = { market: 'Birmingham', state: 'AL' }

describe('a rate row prices a line', () => {
  it.each([
    ['flat', row({ amountCents: 35_000 }), {}, 1, 35_000],
    ['flat ignores usage', row({ amountCents: 35_000 }), { days: 9, miles: 40 }, 1, 35_000],
    ['per day', row({ basis: 'per_day', amountCents: 2_500 }), { days: 4 }, 4, 10_000],
    ['per day, a started day counts', row({ basis: 'per_day', amountCents: 2_500 }), { days: 2.1 }, 3, 7_500],
    [
      'per mile after 25 included',
      row({ basis: 'per_mile', amountCents: 275, includedMiles: 25 }),
      { miles: 40 },
      15,
      4_125,
    ],
    [
      'per mile, a started mile counts',
      row({ basis: 'per_mile', amountCents: 275, includedMiles: 25 }),
      { miles: 25.2 },
      1,
      275,
    ],
    [
      'per mile within the included',
      row({ basis: 'per_mile', amountCents: 275, includedMiles: 25 }),
      { miles: 20 },
      0,
      0,
    ],
    ['per 15-minute block', row({ basis: 'per_block', amountCents: 1_875 }), { minutes: 45 }, 3, 5_625],
    ['per block, a started block counts', row({ basis: 'per_block', amountCents: 1_875 }), { minutes: 46 }, 4, 7_500],
    ['min lifts a small charge', row({ basis: 'per_mile', amountCents: 275, minCents: 5_000 }), { miles: 3 }, 3, 5_000],
    [
      'min does not make nothing a charge',
      row({ basis: 'per_mile', amountCents: 275, minCents: 5_000 }),
      { miles: 0 },
      0,
      0,
    ],
    [
      'max caps a large charge',
      row({ basis: 'per_day', amountCents: 2_500, maxCents: 20_000 }),
      { days: 30 },
      30,
      20_000,
    ],
    ['market override', row({ amountCents: 35_000, marketAmounts: { Birmingham: 40_000 } }), {}, 1, 40_000],
    ['other market, card amount', row({ amountCents: 35_000, marketAmounts: { Mobile: 40_000 } }), {}, 1, 35_000],
  ] as const)('%s', (_, rate, usage, quantity, amountCents) => {
    const line = priceLine(rate, usage, place)
    expect(line.quantity).toBe(quantity)
    expect(line.amountCents).toBe(amountCents)
    expect(Number.isInteger(line.amountCents)).toBe(true)
  })

  it.each([
    ['billable, no exclusions', row({}), 'AL', true],
    ['billable, excluded in this state', row({ noPassOnStates: ['AL', 'GA'] }), 'AL', false],
    ['billable, excluded elsewhere', row({ noPassOnStates: ['GA'] }), 'AL', true],
    ['state written in lower case', row({ noPassOnStates: ['AL'] }), ' al ', false],
    ['not billable to the debtor at all', row({ billableToDebtor: false }), 'AL', false],
  ] as const)('debtor billable: %s', (_, rate, state, billable) => {
    expect(priceLine(rate, {}, { market: null, state }).debtorBillable).toBe(billable)
  })

  it.each([
    ['flat', row({}), {}, false],
    ['per day without days', row({ basis: 'per_day' }), {}, true],
    ['per day with days', row({ basis: 'per_day' }), { days: 0 }, false],
    ['per mile without miles', row({ basis: 'per_mile' }), { days: 3 }, true],
    ['per block without minutes', row({ basis: 'per_block' }), {}, true],
  ] as const)('says when the quantity is not known yet: %s', (_, rate, usage, needsUsage) => {
    expect(priceLine(rate, usage, place).needsUsage).toBe(needsUsage)
  })

  it('matches order types and markets whatever their case and spaces', () => {
    const rows = [row({ amountCents: 100 }), row({ orderType: 'Impound ', amountCents: 200 })]
    expect(rateRowFor(rows, 'INVOLUNTARY_REPO', 'impound')?.amountCents).toBe(200)
    const rate = row({ amountCents: 100, marketAmounts: { 'Phenix City': 300 } })
    expect(priceLine(rate, {}, { market: 'phenix city', state: null }).amountCents).toBe(300)
    // A market named like an object's own property is just a name.
    expect(priceLine(rate, {}, { market: 'constructor', state: null }).amountCents).toBe(100)
  })

  it('carries needs-approval-first', () => {
    expect(priceLine(row({ needsApproval: true }), {}, place).needsApproval).toBe(true)
  })

  it('bills zero units for negative usage', () => {
    expect(billedQuantity({ basis: 'per_day', includedMiles: 0 }, { days: -2 })).toBe(0)
  })
})

describe('storage accrues by itself', () => {
  const start = new Date('2026-11-01T10:00:00Z')
  const at = (iso: string) => new Date(iso)
  it.each([
    ['within the free days', { freeDays: 3, dailyCents: 3_500, capCents: null }, '2026-11-03T09:00:00Z', 2, 0, 0],
    ['past the free days', { freeDays: 3, dailyCents: 3_500, capCents: null }, '2026-11-08T10:00:00Z', 7, 4, 14_000],
    ['a started day counts', { freeDays: 0, dailyCents: 3_500, capCents: null }, '2026-11-02T10:00:01Z', 2, 2, 7_000],
    [
      'stopped at the cap',
      { freeDays: 1, dailyCents: 3_500, capCents: 50_000 },
      '2026-12-31T10:00:00Z',
      60,
      59,
      50_000,
    ],
    ['no time yet', { freeDays: 0, dailyCents: 3_500, capCents: null }, '2026-11-01T10:00:00Z', 0, 0, 0],
    ['a stop before the start', { freeDays: 0, dailyCents: 3_500, capCents: null }, '2026-10-30T10:00:00Z', 0, 0, 0],
  ] as const)('%s', (_, rule, stop, days, billableDays, amountCents) => {
    expect(storageCharge(rule, start, at(stop))).toEqual({ days, billableDays, amountCents })
  })
})

const version = (number: number, from: string, to: string | null, rows: RateRow[] = []): RateCardVersion => ({
  version: number,
  effectiveFrom: from,
  effectiveTo: to,
  rows,
  storage: null,
})

describe('the version in force prices the case', () => {
  const versions = [
    version(1, '2026-01-01', '2026-06-30'),
    version(2, '2026-07-01', '2026-09-30'),
    version(3, '2026-10-01', null),
  ]
  it.each([
    ['2025-12-31', null],
    ['2026-01-01', 1],
    ['2026-06-30', 1],
    ['2026-07-01', 2],
    ['2026-09-30', 2],
    ['2026-10-01', 3],
    ['2030-01-01', 3],
  ])('on %s: version %s', (day, expected) => {
    expect(versionInForce(versions, day)?.version ?? null).toBe(expected)
  })

  it.each([
    ['one after another', [version(1, '2026-01-01', '2026-06-30'), version(2, '2026-07-01', null)], null],
    ['sharing a day', [version(1, '2026-01-01', '2026-07-01'), version(2, '2026-07-01', null)], [1, 2]],
    ['an open one before another', [version(2, '2026-07-01', null), version(1, '2026-01-01', null)], [1, 2]],
    ['inside another', [version(1, '2026-01-01', '2026-12-31'), version(2, '2026-03-01', '2026-04-01')], [1, 2]],
  ] as const)('overlap: %s', (_, list, pair) => {
    const found = findOverlap(list)
    expect(found ? found.map((item) => item.version) : null).toEqual(pair)
  })
})

describe('pricing a whole case', () => {
  const card: RateCardVersion = {
    ...version(4, '2026-01-01', null, [
      row({ feeType: 'INVOLUNTARY_REPO', amountCents: 35_000 }),
      row({ feeType: 'INVOLUNTARY_REPO', orderType: 'Impound', amountCents: 25_000 }),
      row({ feeType: 'DOLLY', amountCents: 7_500, needsApproval: true }),
      row({ feeType: 'MILEAGE', basis: 'per_mile', amountCents: 200, includedMiles: 30 }),
      row({ feeType: 'STORAGE', basis: 'per_day', amountCents: 3_500, noPassOnStates: ['GA'] }),
    ]),
    storage: { freeDays: 2, dailyCents: 3_500, capCents: null },
  }
  const facts = {
    market: 'Birmingham',
    state: 'GA',
    orderType: null,
    fees: [
      { feeType: 'INVOLUNTARY_REPO' },
      { feeType: 'DOLLY' },
      { feeType: 'MILEAGE', usage: { miles: 42 } },
      { feeType: 'KEYS' },
    ],
    repossessedAt: new Date('2026-11-01T08:00:00Z'),
    storageStopAt: new Date('2026-11-06T08:00:00Z'),
  }

  it('prices each line, marks the ones needing approval and the ones the card lacks, and adds storage', () => {
    const priced = priceCase(card, facts)
    expect(
      priced.lines.map(({ feeType, quantity, amountCents, needsApproval, unpriced }) => ({
        feeType,
        quantity,
        amountCents,
        needsApproval,
        unpriced,
      })),
    ).toEqual([
      { feeType: 'INVOLUNTARY_REPO', quantity: 1, amountCents: 35_000, needsApproval: false, unpriced: false },
      { feeType: 'DOLLY', quantity: 1, amountCents: 7_500, needsApproval: true, unpriced: false },
      { feeType: 'MILEAGE', quantity: 12, amountCents: 2_400, needsApproval: false, unpriced: false },
      { feeType: 'KEYS', quantity: 0, amountCents: 0, needsApproval: false, unpriced: true },
      { feeType: 'STORAGE', quantity: 3, amountCents: 10_500, needsApproval: false, unpriced: false },
    ])
    expect(priced.totalCents).toBe(55_400)
    expect(priced.needsApproval).toBe(true)
    expect(priced.version).toBe(4)
    // Storage may not be passed on to a Georgia debtor.
    expect(priced.lines.at(-1)?.debtorBillable).toBe(false)
  })

  it("uses the order type's own row before the card's general one, and no storage before a repossession", () => {
    const priced = priceCase(card, {
      ...facts,
      orderType: 'Impound',
      fees: [{ feeType: 'INVOLUNTARY_REPO' }],
      repossessedAt: null,
    })
    expect(priced.lines).toHaveLength(1)
    expect(priced.totalCents).toBe(25_000)
    expect(rateRowFor(card.rows, 'INVOLUNTARY_REPO', 'Voluntary')?.amountCents).toBe(35_000)
  })
})

describe('recovery fee by repossession type', () => {
  it.each([
    ['Involuntary', 'INVOLUNTARY_REPO'],
    ['Voluntary Surrender', 'VOLUNTARY_REPO'],
    ['IMPOUND', 'IMPOUND_REPO'],
    ['LPR Hit', 'LPR_REPO'],
    ['Skip', 'SKIP_REPO'],
    [null, 'INVOLUNTARY_REPO'],
  ])('%s: %s', (repoType, feeType) => {
    expect(recoveryFeeType(repoType)).toBe(feeType)
  })
})

describe('bad rate rows', () => {
  it.each([
    ['a negative amount', { amountCents: -100 }, 'amountCents'],
    ['a fraction of a cent', { amountCents: 10.5 }, 'amountCents'],
    ['a min above the max', { minCents: 5_000, maxCents: 1_000 }, 'minCents'],
    ['an unknown fee type', { feeType: 'BANANAS' }, 'feeType'],
    ['a market amount in dollars', { marketAmounts: { Mobile: 12.34 } }, 'marketAmounts.Mobile'],
    ['fractional included miles', { includedMiles: 2.5 }, 'includedMiles'],
    ['zero days to invoice', { daysToInvoice: 0 }, 'daysToInvoice'],
    ['a state that is not a code', { noPassOnStates: ['Georgia'] }, 'noPassOnStates'],
  ] as const)('%s: refused on %s', (_, overrides, field) => {
    expect(rateRowProblems(row(overrides as Partial<RateRow>)).map((problem) => problem.field)).toEqual([field])
  })

  it('finds nothing wrong with a good row', () => {
    expect(
      rateRowProblems(row({ minCents: 1_000, maxCents: 5_000, daysToInvoice: 30, noPassOnStates: ['GA'] })),
    ).toEqual([])
  })
})
