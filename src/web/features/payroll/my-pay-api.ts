import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { periodLabel } from '../../../domain/payroll/periods'
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

/** A pay period as the dashboards write spans of days: 'Jan 05 - Jan 11, 2025'. */
export const formatPeriod = (period: Pick<PeriodSummary, 'start' | 'end'>): string => periodLabel(period)
