import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

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

/** The key is null only on the repeat of a submit whose first answer showed it (it is shown once). */
export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (name: string, submit) =>
      readJson<ApiKeyRow & { key: string | null }>(
        await api.api.integrations['api-keys'].$post({ json: { name } }, submit),
      ),
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
