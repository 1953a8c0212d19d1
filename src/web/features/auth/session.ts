import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api, readJson } from '../../lib/api'
import { takeEarly } from '../../lib/early-requests'

export type Me = {
  profile: {
    id: string
    first_name: string | null
    last_name: string | null
    email: string
    avatar_url: string | null
    market: string | null
    rdn_id_number: string | null
    company_name: string
    role: string
  }
  mustChangePassword: boolean
  defaultRoute: string
  screens: string[]
  impersonatedBy: { name: string; email: string } | null
}

/** The signed-in person, or null when signed out. Other failures surface as the query's error. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await readJson<Me>(await (takeEarly('/api/me') ?? api.api.me.$get()))
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null
      throw error
    }
  },
  staleTime: 60_000,
  retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
})

export function useMe() {
  return useQuery(meQueryOptions)
}
