import { describe, expect, it } from 'vitest'
import { type PeriodLine, totalsByPerson } from './assemble'
import { assemble, event, held, P1, P2, rule } from './assemble-fixture'

describe('a whole period: tiers, splits, holdback, late work, manual lines and releases', () => {
  const rules = [
    rule({ tierAfter: 2, tierRate: 20_000, finderShareBp: 2_000, holdback: true }),
    rule({ id: 'finds', kind: 'find', role: 'camera_driver', rate: 2_500 }),
  ]
  const events = [
    event({ key: 'e1', occurredOn: '2024-01-03', caseKey: 'c1' }),
    event({ key: 'e2', occurredOn: '2024-01-15', caseKey: 'c2', finderId: 'cam', paidOn: '2024-01-17' }),
    event({ key: 'e3', occurredOn: '2024-01-18', caseKey: 'c3', finderId: 'cam' }),
    event({ key: 'e4', kind: 'find', profileId: 'cam', occurredOn: '2024-01-16', caseKey: 'c3' }),
    event({
      key: 'e5',
      kind: 'chargeback',
      occurredOn: '2024-01-19',
      caseKey: 'c9',
      amountCents: -4_000,
      note: 'Damage',
    }),
    event({
      key: 'e6',
      kind: 'adjustment',
      occurredOn: '2024-01-20',
      caseKey: null,
      amountCents: 1_000,
      note: 'Bonus',
    }),
    event({ key: 'e7', profileId: 'bob', occurredOn: '2024-01-16' }),
    event({ key: 'e8', occurredOn: '2024-01-23' }),
  ]
  const lines = assemble({
    events,
    rules,
    paidEventKeys: new Set(['e7']),
    heldLines: [
      held({ key: 'r5', eventKey: 'r5', caseKey: 'c5', heldCents: 9_000, periodStart: P2.start }),
      held({ key: 'r4:finder', eventKey: 'r4', profileId: 'cam', caseKey: 'c4', heldCents: 1_500 }),
    ],
    paidOnByCase: new Map([
      ['c5', '2024-01-19'],
      ['c4', null],
    ]),
  })

  it('pays each line, holds what the lender owes, and releases what it paid', () => {
    expect(lines.map((line) => [line.key, line.profileId, line.amountCents, line.heldCents, line.carriedFrom])).toEqual(
      [
        ['e1', 'ann', 0, 15_000, P1.start],
        ['e2:finder', 'cam', 3_000, 0, null],
        ['e2', 'ann', 12_000, 0, null],
        ['e4', 'cam', 2_500, 0, null],
        ['e3:finder', 'cam', 0, 4_000, null],
        ['e3', 'ann', 0, 16_000, null],
        ['e5', 'ann', -4_000, 0, null],
        ['e6', 'ann', 1_000, 0, null],
        ['release:r5', 'ann', 9_000, 0, P2.start],
      ],
    )
    expect(lines.find((line) => line.key === 'e3')?.explanation).toBe(
      'Recovery: flat $200.00, tier rate after 2 this period (#3) (role rule), 20 % to the finder; held until the lender pays',
    )
  })

  it('sums each person: earned, held, charged back, total and events', () => {
    expect(totalsByPerson(lines)).toEqual([
      {
        profileId: 'ann',
        events: 6,
        earnedCents: 22_000,
        heldCents: 31_000,
        chargedBackCents: 4_000,
        totalCents: 18_000,
      },
      { profileId: 'cam', events: 3, earnedCents: 5_500, heldCents: 4_000, chargedBackCents: 0, totalCents: 5_500 },
    ])
  })
})

describe("each person's totals", () => {
  const line = (overrides: Partial<PeriodLine>) => ({
    profileId: 'ann',
    eventKey: 'e',
    kind: 'recovery' as const,
    amountCents: 0,
    heldCents: 0,
    ...overrides,
  })

  it.each([
    ['no lines', [], []],
    [
      'one paid line',
      [line({ amountCents: 15_000 })],
      [{ profileId: 'ann', events: 1, earnedCents: 15_000, heldCents: 0, chargedBackCents: 0, totalCents: 15_000 }],
    ],
    [
      'a held line earns nothing yet',
      [line({ heldCents: 15_000 })],
      [{ profileId: 'ann', events: 1, earnedCents: 0, heldCents: 15_000, chargedBackCents: 0, totalCents: 0 }],
    ],
    [
      'a chargeback is charged back, not earned',
      [line({ amountCents: 15_000 }), line({ eventKey: 'cb', kind: 'chargeback', amountCents: -20_000 })],
      [
        {
          profileId: 'ann',
          events: 2,
          earnedCents: 15_000,
          heldCents: 0,
          chargedBackCents: 20_000,
          totalCents: -5_000,
        },
      ],
    ],
    [
      'a negative adjustment lowers what was earned',
      [line({ amountCents: 15_000 }), line({ eventKey: 'adj', kind: 'adjustment', amountCents: -2_500 })],
      [{ profileId: 'ann', events: 2, earnedCents: 12_500, heldCents: 0, chargedBackCents: 0, totalCents: 12_500 }],
    ],
    [
      'lines of one event count it once',
      [line({ amountCents: 100 }), line({ amountCents: 200 })],
      [{ profileId: 'ann', events: 1, earnedCents: 300, heldCents: 0, chargedBackCents: 0, totalCents: 300 }],
    ],
    [
      'people in the order they first appear',
      [
        line({ profileId: 'cam', amountCents: 1 }),
        line({ amountCents: 2 }),
        line({ profileId: 'cam', eventKey: 'f', amountCents: 3 }),
      ],
      [
        { profileId: 'cam', events: 2, earnedCents: 4, heldCents: 0, chargedBackCents: 0, totalCents: 4 },
        { profileId: 'ann', events: 1, earnedCents: 2, heldCents: 0, chargedBackCents: 0, totalCents: 2 },
      ],
    ],
  ] as [string, ReturnType<typeof line>[], object[]][])('%s', (_, lines, totals) => {
    expect(totalsByPerson(lines)).toEqual(totals)
  })
})
