import { OctagonAlert } from 'lucide-react'
import { type FieldCaseTarget, useFieldRecord } from './api'

/** The stop in words, red: no one goes after this vehicle while it shows. */
export function StopNotice({ status, message }: { status: string | null; message: string | null }) {
  return (
    <div
      role="alert"
      data-testid="stop-banner"
      className="flex items-start gap-3 rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive"
    >
      <OctagonAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-0.5">
        <p className="font-semibold">{`Field work stopped${status ? `: ${status}` : ''}`}</p>
        <p>{message ?? 'Do not recover this vehicle.'}</p>
      </div>
    </div>
  )
}

/** A case page's banner while its case is stopped (on hold, closed, ...); nothing otherwise. */
export function StopBanner({ target }: { target: FieldCaseTarget }) {
  const record = useFieldRecord(target)
  if (!record.data?.stopped) return null
  return <StopNotice status={record.data.status} message={record.data.stopMessage} />
}
