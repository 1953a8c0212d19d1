import { useState } from 'react'
import { formatCaseDate } from '../../../domain/formats/dates'
import { periodLabel } from '../../../domain/payroll/periods'
import type { PeriodView } from '../../../domain/payroll/views'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { localToday } from '../../lib/local-day'
import { useMarkPeriodPaid } from './api'
import { FormActions } from './form-actions'

type Field = 'paidOn' | 'reference'

/**
 * 'Mark paid' on a locked period (issue 41): the day the people were paid and the payment's
 * reference (a check number, ACH batch or payroll run). Only then does My Pay say 'Paid'.
 */
export function MarkPaidDialog({ period, onClose }: { period: PeriodView['period']; onClose: () => void }) {
  const mark = useMarkPeriodPaid(period.start)
  const today = localToday()
  const [paidOn, setPaidOn] = useState(today)
  const [reference, setReference] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  // The server's refusal: each reason beside its field.
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!reference.trim()) {
      setErrors({ reference: 'Give the payment reference (a check number, ACH batch or payroll run).' })
      return
    }
    setErrors({})
    setRefusal(null)
    try {
      await mark.mutateAsync({ paidOn, reference })
      notify.success({
        title: 'Period marked paid',
        description: `${periodLabel(period)}, paid ${formatCaseDate(paidOn)}`,
      })
      onClose()
    } catch (failure) {
      if (failure instanceof ApiError && failure.problems.length) setRefusal(failure)
      else {
        notify.failure(failure)
        onClose()
      }
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>{`Mark pay period ${periodLabel(period)} paid`}</DialogTitle>
        <DialogDescription>
          Record the day everyone was paid for this period and the payment's reference. My Pay then shows it as paid.
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <FormField
              id="mark-paid-day"
              label="Pay date"
              type="date"
              min={period.end}
              max={today}
              value={paidOn}
              onChange={(event) => setPaidOn(event.target.value)}
              error={errors.paidOn}
              field="paidOn"
            />
            <FormField
              id="mark-paid-reference"
              label="Payment reference"
              placeholder="Check number, ACH batch or payroll run"
              maxLength={100}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={errors.reference}
              field="reference"
            />
            <FormProblemsSummary className="text-sm text-destructive" />
            <FormActions onCancel={onClose} pending={mark.isPending} label="Mark paid" />
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
