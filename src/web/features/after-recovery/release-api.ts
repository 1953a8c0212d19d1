import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { ReleaseState } from '../../../domain/redemption/redemption-list'
import type { ReleaseCompletion, ReleaseSignerInput } from '../../../domain/redemption/release'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

// The Vehicle Redemptions list, the release's signature, the vendors a vehicle can be sent to and
// the transport manager's moves (issue 20).

const redemptions = api.api.redemptions
const transport = api.api.transport
export type RedemptionList = InferResponseType<typeof redemptions.$get, 200>
export type RedemptionVehicle = RedemptionList['vehicles'][number]
export type TransportMoves = InferResponseType<typeof transport.moves.$get, 200>
export type TransportMove = TransportMoves['moves'][number]

/** The query keys of what a release changes: the case's releases, its timeline, the lists. */
const RELEASE_KEYS = [['releases'], ['timeline'], ['redemption-list'], ['transport-moves']] as const

export function useRedemptionList(query: { q: string; status: ReleaseState | ''; limit: number }) {
  return useQuery({
    queryKey: ['redemption-list', query],
    queryFn: async () =>
      readJson<RedemptionList>(
        await redemptions.$get({
          query: {
            ...(query.q.trim() ? { q: query.q.trim() } : {}),
            ...(query.status ? { status: query.status } : {}),
            limit: String(query.limit),
          },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  })
}

/** The company's auctions and transporters, for those who may not read every vendor. */
export function useTransportVendors() {
  return useQuery({
    queryKey: ['redemption-transport-vendors'],
    queryFn: async () =>
      readJson<InferResponseType<(typeof redemptions)['transport-vendors']['$get'], 200>>(
        await redemptions['transport-vendors'].$get(),
      ),
    staleTime: 5 * 60_000,
  })
}

/** Has a release signed: returns the link to mail, copy or open on this device. */
export function useRequestReleaseSignature(releaseId: string) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: ReleaseSignerInput, submit) =>
      readJson<{ link: string; expiresAt: string }>(
        await redemptions.releases[':releaseId'].signature.$post({ param: { releaseId }, json }, submit),
      ),
    onSuccess: () => {
      for (const queryKey of RELEASE_KEYS) void queryClient.invalidateQueries({ queryKey })
    },
  })
}

/** The transport manager's moves a page at a time, oldest first: each 'Show more' adds the next page. */
export function useTransportMoves() {
  return useInfiniteQuery({
    queryKey: ['transport-moves'],
    queryFn: async ({ pageParam }) =>
      readJson<TransportMoves>(await transport.moves.$get({ query: { page: String(pageParam) } })),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    refetchInterval: 60_000,
  })
}

/** Hands a transported vehicle to the transporter against an ID. */
export function useCompleteMove(releaseId: string) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: ReleaseCompletion, submit) =>
      readJson<TransportMoves>(
        await transport.moves[':releaseId'].complete.$post({ param: { releaseId }, json }, submit),
      ),
    onSuccess: () => {
      for (const queryKey of RELEASE_KEYS) void queryClient.invalidateQueries({ queryKey })
    },
  })
}
