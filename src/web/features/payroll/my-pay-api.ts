import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { MyPay, PeriodSummary } from '../../../domain/payroll/views'
import { api, readJson } from '../../lib/api'

/**
 * The signed-in person's pay: every period's figures, and the lines of one (the current one
 * until another is chosen). Its key starts with 'payroll', so approving, locking or adding an
 * entry on the Payroll page reads it again.
 */
export function useMyPay(period: string | null) {
  return useQuery({
    queryKey: ['payroll', 'my-pay', period],
    queryFn: async () => readJson<MyPay>(await api.api['my-pay'].$get({ query: { period: period ?? undefined } })),
    placeholderData: keepPreviousData,
  })
}

/** 'Jan 05 – Jan 11, 2025': a pay period in the dashboards' date format, the year once when both days share it. */
export function formatPeriod(period: Pick<PeriodSummary, 'start' | 'end'>): string {
  const start = formatCaseDate(period.start)
  const end = formatCaseDate(period.end)
  return start.slice(-4) === end.slice(-4) ? `${start.slice(0, -6)} – ${end}` : `${start} – ${end}`
}
