import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { PAY_ENTRY_LABELS } from '../../../domain/payroll/pay-kinds'
import type { PayEntryView } from '../../../domain/payroll/views'
import { Button } from '../../components/ui/button'
import { notify } from '../../components/ui/toaster'
import { useDeletePayEntry, usePayEntries } from './api'
import { ConfirmDialog } from './confirm-dialog'

/** Miles, hours, the chargeback's reason and the note, as one line. */
const entryDetails = (entry: PayEntryView) =>
  [
    entry.reason,
    entry.miles !== null ? `${entry.miles} mi` : null,
    entry.hours !== null ? `${entry.hours} h` : null,
    entry.note,
  ]
    .filter(Boolean)
    .join(' · ') || '—'

/** The period's hand-entered lines (adjustments, chargebacks, logged work); removable until the period is approved. */
export function EntriesList({ start }: { start: string }) {
  const entries = usePayEntries(start)
  const remove = useDeletePayEntry()
  const [deleting, setDeleting] = useState<PayEntryView | null>(null)

  async function confirmDelete(entry: PayEntryView) {
    try {
      await remove.mutateAsync(entry.id)
      notify.success({ title: 'Entry deleted', description: `${PAY_ENTRY_LABELS[entry.kind]} for ${entry.personName}` })
    } catch (failure) {
      notify.failure(failure)
    }
    setDeleting(null)
  }

  return (
    <section className="space-y-2" aria-labelledby="payroll-entries-title">
      <h3 id="payroll-entries-title" className="text-base font-semibold">
        Manual entries
      </h3>
      {entries.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {entries.isError && <p className="text-sm text-destructive">{entries.error.message}</p>}
      {entries.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">No adjustments, chargebacks or logged work in this period.</p>
      )}
      {entries.data && entries.data.length > 0 && (
        <div className="relative overflow-x-auto rounded-md border">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Manual entries of the period</caption>
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th className="px-2 py-2">Day</th>
                <th className="px-2 py-2">Person</th>
                <th className="px-2 py-2">Kind</th>
                <th className="px-2 py-2">Case</th>
                <th className="px-2 py-2 text-right">Amount</th>
                <th className="px-2 py-2">Details</th>
                <th className="px-2 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.data.map((entry) => (
                <tr key={entry.id} className="border-t align-top">
                  <td className="px-2 py-2 tabular-nums">{formatCaseDate(entry.occurredOn)}</td>
                  <td className="px-2 py-2">{entry.personName}</td>
                  <td className="px-2 py-2">{PAY_ENTRY_LABELS[entry.kind]}</td>
                  <td className="px-2 py-2">
                    {entry.caseHref ? (
                      <Link className="underline underline-offset-4" to={entry.caseHref}>
                        {entry.caseLabel}
                      </Link>
                    ) : (
                      (entry.caseLabel ?? '—')
                    )}
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">
                    {entry.amountCents === null
                      ? 'By rule'
                      : formatCents(entry.kind === 'chargeback' ? -Math.abs(entry.amountCents) : entry.amountCents)}
                  </td>
                  <td className="max-w-xs px-2 py-2 break-words">{entryDetails(entry)}</td>
                  <td className="px-2 py-1 text-right">
                    {entry.frozen ? (
                      <span className="text-xs text-muted-foreground">Period closed</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete ${PAY_ENTRY_LABELS[entry.kind]} for ${entry.personName} on ${formatCaseDate(entry.occurredOn)}`}
                        onClick={() => setDeleting(entry)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this entry?"
          description={`${PAY_ENTRY_LABELS[deleting.kind]} for ${deleting.personName} on ${formatCaseDate(deleting.occurredOn)}. Its pay line goes away with it.`}
          confirmLabel="Delete entry"
          destructive
          busy={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  )
}
