import { PERIOD_STATUS_LABELS, type PeriodStatus } from '../../../domain/payroll/periods'
import { Badge } from '../../components/ui/badge'
import { cn } from '../../lib/utils'

const TONES: Record<PeriodStatus, string> = {
  review: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  approved: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-200',
  locked: 'border-transparent bg-muted text-foreground',
  paid: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
}

/** 'In review', 'Approved', 'Locked' or 'Paid'. */
export function PeriodStatusBadge({ status }: { status: PeriodStatus }) {
  return (
    <Badge variant="outline" className={cn(TONES[status])}>
      {PERIOD_STATUS_LABELS[status]}
    </Badge>
  )
}
