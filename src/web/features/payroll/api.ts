import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Role } from '../../../domain/auth/roles'
import type {
  markPaidSchema,
  payEntryInputSchema,
  payRuleInputSchema,
  paySettingsSchema,
} from '../../../domain/payroll/inputs'
import type {
  PayEntryView,
  PayLineView,
  PayRuleView,
  PayrollOverview,
  PeriodView,
  YearlyPay,
} from '../../../domain/payroll/views'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

const payroll = api.api.payroll
const key = ['payroll'] as const

export type PayPerson = { profileId: string; name: string; role: Role }
export type PayEntryInput = z.input<typeof payEntryInputSchema>
export type PayRuleInput = z.input<typeof payRuleInputSchema>
export type PaySettingsInput = z.input<typeof paySettingsSchema>
export type MarkPaidInput = z.input<typeof markPaidSchema>
export type PeriodAction = 'approve' | 'reopen' | 'lock'

/** The address of a period's pay lines as a spreadsheet (a plain link: the browser downloads it). */
export const periodCsvHref = (start: string) => `/api/payroll/periods/${encodeURIComponent(start)}/export.csv`

export function usePayrollOverview() {
  return useQuery({
    queryKey: [...key, 'overview'],
    queryFn: async () => readJson<PayrollOverview>(await payroll.overview.$get()),
  })
}

export function usePeriod(start: string | null) {
  return useQuery({
    queryKey: [...key, 'period', start],
    enabled: start !== null,
    queryFn: async () =>
      readJson<PeriodView>(await payroll.periods[':start'].$get({ param: { start: start as string } })),
    placeholderData: keepPreviousData,
  })
}

/** One person's lines in a period, fetched when the person is opened. */
export function usePersonLines(start: string, profileId: string) {
  return useQuery({
    queryKey: [...key, 'period', start, 'lines', profileId],
    queryFn: async () =>
      (
        await readJson<{ lines: PayLineView[] }>(
          await payroll.periods[':start'].lines.$get({ param: { start }, query: { person: profileId } }),
        )
      ).lines,
  })
}

export function usePayPeople() {
  return useQuery({
    queryKey: [...key, 'people'],
    queryFn: async () => (await readJson<{ people: PayPerson[] }>(await payroll.people.$get())).people,
  })
}

export function usePayEntries(start: string | null) {
  return useQuery({
    queryKey: [...key, 'entries', start],
    enabled: start !== null,
    queryFn: async () =>
      (await readJson<{ entries: PayEntryView[] }>(await payroll.entries.$get({ query: { period: start as string } })))
        .entries,
  })
}

export function usePayRules() {
  return useQuery({
    queryKey: [...key, 'rules'],
    queryFn: async () => (await readJson<{ rules: PayRuleView[] }>(await payroll.rules.$get())).rules,
  })
}

export function useYearlyPay(year: number) {
  return useQuery({
    queryKey: [...key, 'yearly', year],
    queryFn: async () => readJson<YearlyPay>(await payroll.yearly.$get({ query: { year: String(year) } })),
    placeholderData: keepPreviousData,
  })
}

/** A payroll change: every payroll view (periods, totals, accounting, My Pay) reads again. */
function useInvalidatePayroll() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: key })
}

/** Approve, reopen or lock a period; the server answers 409 when its state has moved on. */
export function usePeriodAction(start: string) {
  const invalidate = useInvalidatePayroll()
  return useSubmitMutation({
    mutationFn: async (action: PeriodAction, submit) => {
      const period = payroll.periods[':start']
      const param = { start }
      const response =
        action === 'approve'
          ? await period.approve.$post({ param }, submit)
          : action === 'reopen'
            ? await period.reopen.$post({ param }, submit)
            : await period.lock.$post({ param }, submit)
      return readJson<unknown>(response)
    },
    onSuccess: invalidate,
  })
}

/** 'Mark paid' on a locked period: the pay date and reference; a 400 names the field. */
export function useMarkPeriodPaid(start: string) {
  const invalidate = useInvalidatePayroll()
  return useSubmitMutation({
    mutationFn: async (json: MarkPaidInput, submit) =>
      readJson<PeriodView>(await payroll.periods[':start'].paid.$post({ param: { start }, json }, submit)),
    onSuccess: invalidate,
  })
}

export function useCreatePayEntry() {
  const invalidate = useInvalidatePayroll()
  return useSubmitMutation({
    mutationFn: async (json: PayEntryInput, submit) =>
      readJson<{ entry: PayEntryView }>(await payroll.entries.$post({ json }, submit)),
    onSuccess: invalidate,
  })
}

export function useDeletePayEntry() {
  const invalidate = useInvalidatePayroll()
  return useMutation({
    mutationFn: async (entryId: string) =>
      readJson<{ deleted: boolean }>(await payroll.entries[':entryId'].$delete({ param: { entryId } })),
    onSuccess: invalidate,
  })
}

export function useCreatePayRule() {
  const invalidate = useInvalidatePayroll()
  return useSubmitMutation({
    mutationFn: async (json: PayRuleInput, submit) =>
      readJson<{ rule: PayRuleView }>(await payroll.rules.$post({ json }, submit)),
    onSuccess: invalidate,
  })
}

export function useEndPayRule(ruleId: string) {
  const invalidate = useInvalidatePayroll()
  return useSubmitMutation({
    mutationFn: async (effectiveTo: string, submit) =>
      readJson<{ rule: PayRuleView }>(
        await payroll.rules[':ruleId'].end.$post({ param: { ruleId }, json: { effectiveTo } }, submit),
      ),
    onSuccess: invalidate,
  })
}

export function useSavePaySettings() {
  const invalidate = useInvalidatePayroll()
  return useSubmitMutation({
    mutationFn: async (json: PaySettingsInput, submit) =>
      readJson<unknown>(await payroll.settings.$put({ json }, submit)),
    onSuccess: invalidate,
  })
}
