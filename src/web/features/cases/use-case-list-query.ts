import { use, useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { CASE_LIST_DEFAULTS } from '../../../domain/cases/case-list-defaults'
import type { CaseListQuery, caseListQuerySchema } from '../../../domain/cases/case-list-query'
import { CASE_LIST_OPENING_QUERY, caseListSearchParams } from '../../../domain/cases/case-list-search'
import { lazyValue } from '../../app/lazy-page'

type Schema = typeof caseListQuerySchema

// The query string's schema needs zod, which the list's first paint goes without (issue 21): the
// list opens on an empty query string, read without it. The schema loads once the first page of
// cases is on screen and the browser is idle; an address with anything in its query string waits
// for it (a cold load of one asks for it with the page's code, router.tsx; a filter or sort is a
// transition, so the list on screen stays until it is in).
const caseListSchema = lazyValue(
  async () => (await import('../../../domain/cases/case-list-query')).caseListQuerySchema,
)

/** Loads the schema ahead of the first filter or sort (the case list calls it once its rows are shown). */
export const preloadCaseListSchema = caseListSchema.preload

function readQuery(schema: Schema, params: URLSearchParams): CaseListQuery {
  const raw: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    raw[key] = values.length > 1 ? values : values[0]
  }
  const parsed = schema.safeParse(raw)
  return parsed.success ? parsed.data : schema.parse({})
}

export type UpdateCaseListQuery = (changes: Partial<CaseListQuery>, options?: { replace?: boolean }) => void

/**
 * The case list's filters, sort and page, kept in the query string (SPEC.md section 5), so a
 * reload, a shared link or Back from a case shows the same list.
 */
export function useCaseListQuery() {
  const [params, setParams] = useSearchParams()
  const schema = params.toString() === '' ? null : use(caseListSchema.read())
  const query = useMemo(() => (schema ? readQuery(schema, params) : CASE_LIST_OPENING_QUERY), [schema, params])
  const update: UpdateCaseListQuery = useCallback(
    (changes, { replace = false } = {}) => {
      const next = { ...query, ...changes }
      // A new filter or sort starts again at the first page.
      if (!('page' in changes)) next.page = 1
      const search = caseListSearchParams({
        ...next,
        page: next.page === CASE_LIST_DEFAULTS.page ? undefined : next.page,
        sort: next.sort === CASE_LIST_DEFAULTS.sort ? undefined : next.sort,
        dir: next.dir === CASE_LIST_DEFAULTS.dir ? undefined : next.dir,
      })
      // Pages, sorts and filters are steps Back can retrace; typing a search replaces its own step.
      setParams(search, { replace })
    },
    [query, setParams],
  )
  return { query, update, search: params.toString() }
}
