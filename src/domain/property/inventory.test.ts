import { describe, expect, it } from 'vitest'
import { inventoryInputSchema, propertyClock } from './inventory'

describe('the property hold clock (issue 20)', () => {
  it.each([
    ['CA', '2026-11-01', { holdUntil: '2026-12-31', noticeDue: '2026-11-11' }],
    ['oh', '2026-11-01', { holdUntil: '2026-12-01', noticeDue: '2026-11-11' }],
    ['AL', '2026-11-01', { holdUntil: '2026-12-01', noticeDue: '2026-11-11' }],
    ['TX', '2026-11-01', { holdUntil: '2026-12-31', noticeDue: '2026-11-11' }],
    [null, '2026-11-01', { holdUntil: '2026-12-31', noticeDue: '2026-11-11' }],
  ] as const)('%s', (state, recoveredOn, expected) => {
    expect(propertyClock(recoveredOn, state)).toMatchObject(expected)
  })

  it("takes a company's own rule first", () => {
    expect(propertyClock('2026-11-01', 'AL', { AL: { holdDays: 45, noticeDays: 5 } })).toMatchObject({
      holdUntil: '2026-12-16',
      noticeDue: '2026-11-06',
    })
  })
})

describe('the inventory form', () => {
  const phone = { category: 'Electronics', description: 'Phone charger' }
  it.each([
    [{}, "List the items found, or attest 'no property' (not both)."],
    [{ noProperty: true, items: [phone] }, "List the items found, or attest 'no property' (not both)."],
    [
      { items: [{ category: 'Weapon', description: 'Knife' }] },
      'Say what was done with a weapon or hazardous material.',
    ],
    [{ items: [{ ...phone, containerLabel: '4 of 3' }] }, "A container label reads like '1 of 3'."],
    [{ items: [{ ...phone, containerLabel: 'box A' }] }, "A container label reads like '1 of 3'."],
    [{ items: [{ ...phone, quantity: 0 }] }, 'At least one.'],
  ])('refuses %j', (input, message) => {
    const result = inventoryInputSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message)
  })

  it('takes an attestation, and items with their containers', () => {
    expect(inventoryInputSchema.parse({ noProperty: true })).toMatchObject({ noProperty: true, items: [] })
    expect(
      inventoryInputSchema.parse({
        items: [
          { ...phone, containerLabel: '1 of 3' },
          { category: 'Weapon', description: 'Knife', disposition: 'Given to Mobile PD' },
        ],
      }).items,
    ).toHaveLength(2)
  })
})
