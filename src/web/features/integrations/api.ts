import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, readJson } from '../../lib/api'

export type ApiKeyRow = {
  id: string
  name: string
  key_prefix: string
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
}

const keysKey = ['api-keys'] as const

export function useApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: keysKey,
    queryFn: async () => readJson<{ keys: ApiKeyRow[] }>(await api.api.integrations['api-keys'].$get()),
    enabled,
  })
}

export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string) =>
      readJson<ApiKeyRow & { key: string }>(await api.api.integrations['api-keys'].$post({ json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  })
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) =>
      readJson(await api.api.integrations['api-keys'][':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  })
}
