import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'

type Props = {
  title: string
  description: ReactNode
  confirmLabel: string
  busy: boolean
  destructive?: boolean
  onConfirm: () => void
  onClose: () => void
}

/** Asks once more before a change that cannot be taken back lightly (reopening, locking, deleting). */
export function ConfirmDialog({ title, description, confirmLabel, busy, destructive, onConfirm, onClose }: Props) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant={destructive ? 'destructive' : 'default'} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
