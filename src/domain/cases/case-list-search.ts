import { CASE_LIST_DEFAULTS } from './case-list-defaults'
import type { CaseListQuery } from './case-list-query'

// The case list's query string, apart from its schema (case-list-query.ts, which needs zod): the
// app's entry names the first page's list request with these, and the list opens on its defaults,
// without loading zod (issue 21).

/** SPEC.md section 2: the status filter's choices, alphabetical. */
export const CASE_LIST_STATUSES = ['Closed', 'Open', 'Need Info', 'On Hold', 'Pending Close', 'Repossessed'] as const

/** The list's query when its query string is empty: what the schema makes of no values. */
export const CASE_LIST_OPENING_QUERY: Readonly<CaseListQuery> = Object.freeze({
  ...CASE_LIST_DEFAULTS,
  status: [],
  substatus: [],
  market: [],
})

type QueryValues = Record<string, string | string[]>

/** The list's query as query-string values (repeated keys for lists), empty ones left out. */
function caseListQueryValues(query: Readonly<Record<string, unknown>>): QueryValues {
  const values: QueryValues = {}
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      if (value.length) values[key] = value.map(String)
    } else if (value !== undefined && value !== null && value !== '') values[key] = String(value)
  }
  return values
}

/** The same, as a URL's search part: what a dashboard figure links to. */
export function caseListSearchParams(query: Readonly<Record<string, unknown>>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(caseListQueryValues(query))) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item)
  }
  return params
}
