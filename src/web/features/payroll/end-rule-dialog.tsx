import { useState } from 'react'
import { formatCaseDate } from '../../../domain/formats/dates'
import { PAY_EVENT_LABELS } from '../../../domain/payroll/pay-kinds'
import type { PayRuleView } from '../../../domain/payroll/views'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { localToday } from '../../lib/local-day'
import { useEndPayRule } from './api'

/** Ends a rule on a day (work after it falls to the next rule in force); the server refuses a day that would rewrite frozen pay. */
export function EndRuleDialog({ rule, who, onClose }: { rule: PayRuleView; who: string; onClose: () => void }) {
  const end = useEndPayRule(rule.id)
  const today = localToday()
  const [effectiveTo, setEffectiveTo] = useState(rule.effectiveFrom > today ? rule.effectiveFrom : today)
  // The server's refusal: a reason about the day beside it, any other (a clash) above the button.
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      await end.mutateAsync(effectiveTo)
      notify.success({ title: 'Rule ended', description: `${PAY_EVENT_LABELS[rule.kind]} for ${who}` })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>End rule</DialogTitle>
        <DialogDescription>
          {PAY_EVENT_LABELS[rule.kind]} for {who}, in force since {formatCaseDate(rule.effectiveFrom)}.
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <FormField
              id="end-rule-day"
              label="Last day in force"
              type="date"
              min={rule.effectiveFrom}
              value={effectiveTo}
              onChange={(event) => setEffectiveTo(event.target.value)}
              field="effectiveTo"
            />
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" disabled={end.isPending}>
              {end.isPending ? 'Saving...' : 'End this rule'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
