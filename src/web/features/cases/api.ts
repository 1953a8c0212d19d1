import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { CaseListQuery } from '../../../domain/cases/case-list-query'
import type { CaseView } from '../../../domain/cases/case-view'
import { ApiError, api, readJson } from '../../lib/api'
import { takeEarly } from '../../lib/early-requests'
import { useLiveQueries } from '../../lib/realtime'
import { caseDetailPath, casePagePath } from './case-path'

/** SPEC.md section 9: the case list refetches every 30 s (and on every pushed change). */
const REFETCH_MS = 30_000
const casesKey = ['cases'] as const

export type CaseRow = CaseView & {
  id: string
  case_id: number
  make: string | null
  model: string | null
  year: number | null
  color: string | null
  vin: string | null
  order_date: string | null
  repo_date: string | null
  detected_market: string
  market_confidence: number
  is_violent: boolean
  time_marked_repossessed: string | null
  updated_at: string
  lender_phone: string | null
}
export type CasePage = { cases: CaseRow[]; total: number; totalIsCapped: boolean; page: number; pageSize: number }

export function useCasePage(query: CaseListQuery) {
  return useQuery({
    queryKey: [...casesKey, 'page', query],
    queryFn: async () => {
      const path = casePagePath(query)
      return readJson<CasePage>(await (takeEarly(path) ?? fetch(path)))
    },
    placeholderData: keepPreviousData,
    refetchInterval: REFETCH_MS,
  })
}

export function useCaseFilterChoices() {
  return useQuery({
    queryKey: [...casesKey, 'filters'],
    queryFn: async () => readJson<{ subStatuses: string[]; markets: string[] }>(await api.api.cases.filters.$get()),
    staleTime: 5 * 60_000,
  })
}

export function useCase(caseId: string) {
  return useQuery({
    queryKey: [...casesKey, 'detail', caseId],
    queryFn: async () => {
      const path = caseDetailPath(caseId)
      return (await readJson<{ case: CaseRow }>(await (takeEarly(path) ?? fetch(path)))).case
    },
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })
}

/**
 * Refetches the shown list page and case whenever the company's cases change (the tab's one
 * realtime stream), keeping page, filters and scroll; also after the stream reconnects.
 */
export function useLiveCases() {
  useLiveQueries('cases', [
    [...casesKey, 'page'],
    [...casesKey, 'detail'],
  ])
}
