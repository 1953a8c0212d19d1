import { formatDateTime } from '../../../domain/formats/dates'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { type CaseItem, type HistoryEntry, useHistory } from './api'

const WHAT = { agent: 'Recovery agent', cameraDriver: 'Camera car driver', state: 'Assignment' } as const

function sentence(entry: HistoryEntry) {
  const what = WHAT[entry.what]
  if (entry.what === 'state') return `${what} ${entry.from ?? 'Active'} → ${entry.to}`
  if (!entry.to) return `${what} ${entry.from} taken off`
  return entry.from ? `${what} ${entry.from} → ${entry.to}` : `${what}: ${entry.to}`
}

/** Who had a case and when: its assignment changes, newest first. */
export function HistoryDialog({ item, onClose }: { item: CaseItem | null; onClose: () => void }) {
  const history = useHistory(item)
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Assignment history of {item?.label}</DialogTitle>
        <DialogDescription>Who had the case, who put them on it, and when.</DialogDescription>
        {history.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {history.error.message}
          </p>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No assignment change is recorded: the case has the assignment it arrived with, if any.
          </p>
        ) : (
          <ol className="space-y-2 text-sm">
            {history.data.map((entry) => (
              <li key={entry.id} className="border-l-2 pl-3">
                <p>{sentence(entry)}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(entry.at)} · {entry.by ?? (entry.source === 'sync' ? 'RDN' : 'System')}
                </p>
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  )
}
