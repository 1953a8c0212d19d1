import { describe, expect, it } from 'vitest'
import { CASE_LIST_DEFAULTS } from './case-list-defaults'
import { caseListQuerySchema } from './case-list-query'
import { CASE_LIST_OPENING_QUERY, caseListSearchParams } from './case-list-search'

describe('the case list query string', () => {
  it('of the query the list opens on is the one its first page is asked for early (router.tsx)', () => {
    const opened = caseListQuerySchema.parse({})
    expect(caseListSearchParams(opened).toString()).toBe('page=1&sort=order_date&dir=desc')
    expect(caseListSearchParams(CASE_LIST_DEFAULTS).toString()).toBe(caseListSearchParams(opened).toString())
  })

  it('opens on what the schema makes of an empty query string, read without zod', () => {
    expect(CASE_LIST_OPENING_QUERY).toStrictEqual(caseListQuerySchema.parse({}))
  })

  it('repeats list values, leaves out empty ones and keeps the rest as text', () => {
    const query = caseListQuerySchema.parse({ status: ['Open', 'On Hold'], q: 'honda', page: '3', market: [] })
    expect(caseListSearchParams(query).toString()).toBe(
      'page=3&sort=order_date&dir=desc&status=Open&status=On+Hold&q=honda',
    )
  })
})
