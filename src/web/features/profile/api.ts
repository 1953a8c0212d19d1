import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, readJson } from '../../lib/api'
import { meQueryOptions } from '../auth/session'

export type OwnSession = {
  id: string
  createdAt: string
  updatedAt: string
  ipAddress: string | null
  userAgent: string | null
  current: boolean
}

const sessionsKey = ['profile', 'sessions'] as const

export function useOwnSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => readJson<{ sessions: OwnSession[] }>(await api.api.profile.sessions.$get()),
  })
}

/** Every profile change shows at once in the header (it reads /api/me). */
function useProfileMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: sessionsKey }),
      ]),
  })
}

export function useUpdateNames() {
  return useProfileMutation(async (names: { firstName: string; lastName: string }) =>
    readJson(await api.api.profile.$patch({ json: names })),
  )
}

export function useUploadAvatar() {
  return useProfileMutation(async (file: File) =>
    readJson(await fetch('/api/profile/avatar', { method: 'PUT', body: file, headers: { 'content-type': file.type } })),
  )
}

export function useRemoveAvatar() {
  return useProfileMutation(async () => readJson(await api.api.profile.avatar.$delete()))
}

export function useChangePassword() {
  return useProfileMutation(async (input: { currentPassword: string; newPassword: string }) =>
    readJson(await api.api.profile.password.$post({ json: input })),
  )
}

export function useRevokeOtherSessions() {
  return useProfileMutation(async () =>
    readJson<{ revoked: number }>(await api.api.profile.sessions['revoke-others'].$post()),
  )
}
