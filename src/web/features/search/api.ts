import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, readJson } from '../../lib/api'

export type SearchResults = {
  orders: Array<{
    id: string
    order_number: string
    case_number: string | null
    borrower_name: string | null
    year: number | null
    make: string | null
    model: string | null
    vin: string | null
    status: string
  }>
  profiles: Array<{ id: string; first_name: string | null; last_name: string | null; email: string; role: string }>
}

/** Shortest text worth a round trip. */
export const MIN_SEARCH_LENGTH = 2

export function useGlobalSearch(query: string) {
  return useQuery({
    queryKey: ['search', query],
    queryFn: async () => readJson<SearchResults>(await api.api.search.$get({ query: { q: query } })),
    enabled: query.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  })
}
