import { describe, expect, it } from 'vitest'
import { REDEMPTION_LIST_PAGE, redemptionListQuerySchema } from './redemption-list'

const problem = (input: unknown) => {
  const result = redemptionListQuerySchema.safeParse(input)
  return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the Vehicle Redemptions list query', () => {
  it('asks for a page of 50 with no search and no state by default, a blank search as none', () => {
    expect(REDEMPTION_LIST_PAGE).toBe(50)
    expect(redemptionListQuerySchema.parse({})).toEqual({ limit: 50 })
    expect(redemptionListQuerySchema.parse({ q: '   ' })).toEqual({ limit: 50 })
    expect(redemptionListQuerySchema.parse({ q: ' ford ', status: 'signed', limit: '100' })).toEqual({
      q: 'ford',
      status: 'signed',
      limit: 100,
    })
  })

  it.each([
    ['a state not on the list', { status: 'gone' }, ['status: Choose a release state from the list.']],
    ['a search over 100 characters', { q: 'x'.repeat(101) }, ['q: Search for at most 100 characters.']],
    ['no vehicles', { limit: '0' }, ['limit: must be at least 1']],
    ['over 1,000 vehicles', { limit: '1001' }, ['limit: must be at most 1000']],
    ['part of a vehicle', { limit: '2.5' }, ['limit: must be a whole number']],
  ])('refuses %s, naming the field', (_case, input, expected) => {
    expect(problem(input)).toEqual(expected)
  })
})
