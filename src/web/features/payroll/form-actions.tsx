import { Button } from '../../components/ui/button'

/** A payroll dialog's Cancel and submit buttons: stacked on a phone (submit on top), side by side from sm up. */
export function FormActions({ onCancel, pending, label }: { onCancel: () => void; pending: boolean; label: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : label}
      </Button>
    </div>
  )
}
