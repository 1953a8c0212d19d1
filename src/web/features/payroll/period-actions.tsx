import { Banknote, CheckCircle2, FileDown, Lock, Plus, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { periodLabel } from '../../../domain/payroll/periods'
import type { PeriodView } from '../../../domain/payroll/views'
import { Button } from '../../components/ui/button'
import { notify } from '../../components/ui/toaster'
import { type PeriodAction, periodCsvHref, usePeriodAction } from './api'
import { ConfirmDialog } from './confirm-dialog'
import { EntryDialog } from './entry-dialog'
import { MarkPaidDialog } from './mark-paid-dialog'

const DONE: Record<PeriodAction, string> = {
  approve: 'Period approved',
  reopen: 'Period reopened',
  lock: 'Period locked',
}

/**
 * What a period allows in its state: approve a reviewed one (asked once more while days are
 * left in it), reopen or lock an approved one (locking only once it is over), mark a locked one
 * paid; a paid one only exports.
 */
export function PeriodActions({ period }: { period: PeriodView['period'] }) {
  const action = usePeriodAction(period.start)
  const [dialog, setDialog] = useState<'approve' | 'reopen' | 'lock' | 'entry' | 'paid' | null>(null)
  const label = periodLabel(period)

  const run = async (name: PeriodAction) => {
    try {
      await action.mutateAsync(name)
      notify.success({ title: DONE[name], description: label })
      setDialog(null)
    } catch (failure) {
      // A 409 (someone else moved it, or work is not ready) says why in the server's words.
      notify.failure(failure)
      setDialog(null)
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {period.status === 'review' && (
        <Button
          size="sm"
          disabled={action.isPending}
          onClick={() => (period.daysLeft ? setDialog('approve') : void run('approve'))}
        >
          <CheckCircle2 aria-hidden />
          Approve period
        </Button>
      )}
      {period.status === 'approved' && (
        <>
          <Button
            size="sm"
            disabled={action.isPending || period.lockRefusal !== null}
            aria-describedby={period.lockRefusal ? 'period-lock-refusal' : undefined}
            onClick={() => setDialog('lock')}
          >
            <Lock aria-hidden />
            Lock period
          </Button>
          <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => setDialog('reopen')}>
            <RotateCcw aria-hidden />
            Reopen
          </Button>
        </>
      )}
      {period.status === 'locked' && (
        <Button size="sm" onClick={() => setDialog('paid')}>
          <Banknote aria-hidden />
          Mark paid
        </Button>
      )}
      {/* Only a period in review takes new lines; an approved one is reopened first. */}
      {period.status === 'review' && (
        <Button size="sm" variant="outline" onClick={() => setDialog('entry')}>
          <Plus aria-hidden />
          Add adjustment
        </Button>
      )}
      <Button size="sm" variant="outline" asChild>
        <a href={periodCsvHref(period.start)} download>
          <FileDown aria-hidden />
          Export CSV
        </a>
      </Button>
      {period.status === 'approved' && period.lockRefusal && (
        <p id="period-lock-refusal" className="basis-full text-sm text-muted-foreground">
          {period.lockRefusal}
        </p>
      )}
      {dialog === 'approve' && (
        <ConfirmDialog
          title={`Approve pay period ${label}?`}
          description={`${period.daysLeft}: work recorded before it ends lands in the next period, and the period can be locked only once it is over.`}
          confirmLabel="Approve now"
          busy={action.isPending}
          onConfirm={() => void run('approve')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'paid' && <MarkPaidDialog period={period} onClose={() => setDialog(null)} />}
      {dialog === 'lock' && (
        <ConfirmDialog
          title={`Lock pay period ${label}?`}
          description="A locked period never changes: its pay is final. Corrections go into the next period."
          confirmLabel="Lock this period"
          busy={action.isPending}
          onConfirm={() => void run('lock')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'reopen' && (
        <ConfirmDialog
          title={`Reopen pay period ${label}?`}
          description="It goes back to review: pay is counted again as work comes in, and it must be approved again."
          confirmLabel="Reopen this period"
          busy={action.isPending}
          onConfirm={() => void run('reopen')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'entry' && <EntryDialog period={period} onClose={() => setDialog(null)} />}
    </div>
  )
}
