import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CompanySettingsInput } from '../../../domain/company/settings-input'
import { api, readJson } from '../../lib/api'

export type CompanySettings = { name: string; address: string | null; phone: string | null; remitTo: string | null }

const settingsKey = ['company', 'settings'] as const

/** What invoices and statements print about the agency (administrators only). */
export function useCompanySettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () =>
      (await readJson<{ settings: CompanySettings }>(await api.api.company.settings.$get())).settings,
  })
}

export function useSaveCompanySettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (json: CompanySettingsInput) =>
      (await readJson<{ settings: CompanySettings }>(await api.api.company.settings.$put({ json }))).settings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  })
}
