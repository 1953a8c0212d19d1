import { CASE_LIST_OPENING_QUERY, caseListSearchParams } from '../../../domain/cases/case-list-search'

/**
 * GET path of one case: the case page reads it, and a cold load of the page asks for it early
 * (router.tsx). Apart from the cases API module so the app's entry can name it without loading that.
 */
export const caseDetailPath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}`

/**
 * GET path of a page of the case list (`query` as the list's schema gives it, or the query the list
 * opens on): the list reads it, and a cold load of the list asks for its first page early.
 */
export const casePagePath = (query: Parameters<typeof caseListSearchParams>[0] = CASE_LIST_OPENING_QUERY) =>
  `/api/cases?${caseListSearchParams(query)}`
