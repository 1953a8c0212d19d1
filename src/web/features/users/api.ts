import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateUserInput, UpdateUserInput } from '../../../domain/users/user-input'
import { api, readJson } from '../../lib/api'
import { type SubmitOptions, useSubmitMutation } from '../../lib/submit-key'

export type UserRow = {
  id: string
  user_id: string
  first_name: string | null
  last_name: string | null
  email: string
  avatar_url: string | null
  market: string | null
  role: string
  rdn_id_number: string | null
  active: boolean
}

export type UserFilters = { search?: string; role?: string; market?: string }

const usersKey = ['users'] as const

export function useUsers(filters: UserFilters) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as UserFilters
  return useQuery({
    queryKey: [...usersKey, query],
    queryFn: async () =>
      readJson<{ users: UserRow[]; markets: string[]; marketChoices: string[] }>(
        await api.api.users.$get({ query: query as Record<string, string> as never }),
      ),
    placeholderData: keepPreviousData,
  })
}

function useUsersMutation<Input, Output>(run: (input: Input, submit: SubmitOptions) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  })
}

export function useCreateUser() {
  return useUsersMutation(async (input: CreateUserInput, submit) =>
    readJson<{ user: UserRow; temporaryPassword: string | null }>(await api.api.users.$post({ json: input }, submit)),
  )
}

export function useUpdateUser() {
  return useUsersMutation(async ({ id, changes }: { id: string; changes: UpdateUserInput }) =>
    readJson<{ user: UserRow }>(await api.api.users[':id'].$patch({ param: { id }, json: changes })),
  )
}

export function useSetUserActive() {
  return useUsersMutation(async ({ id, active }: { id: string; active: boolean }) => {
    const endpoint = active ? api.api.users[':id'].reactivate : api.api.users[':id'].deactivate
    return readJson<{ user: UserRow }>(await endpoint.$post({ param: { id } }))
  })
}

export function useSendPasswordReset() {
  return useSubmitMutation({
    mutationFn: async (id: string, submit) =>
      readJson<{ ok: true }>(await api.api.users[':id']['password-reset'].$post({ param: { id } }, submit)),
  })
}

export async function startImpersonation(profileId: string) {
  return readJson<{ redirectTo: string }>(await api.api.impersonation[':profileId'].$post({ param: { profileId } }))
}

export type AuditEntry = {
  id: number
  action: string
  target: string | null
  caseKey: string | null
  caseNumber: string | null
  detail: unknown
  ip: string | null
  createdAt: string
  actor: { profileId: string | null; name: string } | null
}

/** The audit log's search (issue 41): a case or order number as typed, a person (profile id), a page. */
export type AuditLogFilters = { caseNumber?: string; profileId?: string; page?: number }

export function auditLogQueryOptions(filters: AuditLogFilters) {
  const query: Record<string, string> = {}
  if (filters.caseNumber) query.caseNumber = filters.caseNumber
  if (filters.profileId) query.profileId = filters.profileId
  if (filters.page && filters.page > 1) query.page = String(filters.page)
  return queryOptions({
    queryKey: ['audit-log', query],
    queryFn: async () =>
      readJson<{ entries: AuditEntry[]; page: number; hasMore: boolean }>(
        await api.api['audit-log'].$get({ query: query as never }),
      ),
    placeholderData: keepPreviousData,
  })
}
