import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { ClientInput } from '../../../domain/clients/client-input'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

export type ClientRow = InferResponseType<typeof api.api.clients.$get, 200>['clients'][number]
const key = ['clients'] as const

export function useClients(q: string) {
  return useQuery({
    queryKey: [...key, q],
    queryFn: async () =>
      (await readJson<{ clients: ClientRow[] }>(await api.api.clients.$get({ query: q ? { q } : {} }))).clients,
    placeholderData: keepPreviousData,
  })
}

export function useSaveClient() {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async ({ id, ...json }: ClientInput & { id?: string }, submit) =>
      readJson(
        id
          ? await api.api.clients[':clientId'].$patch({ param: { clientId: id }, json })
          : await api.api.clients.$post({ json }, submit),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: ['import', 'clients'] })
    },
  })
}
