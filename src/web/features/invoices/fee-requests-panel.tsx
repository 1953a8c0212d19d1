import { Paperclip } from 'lucide-react'
import { useId, useState } from 'react'
import { FEE_REQUEST_STATUS_LABELS } from '../../../domain/billing/fee-request-status'
import { formatCents } from '../../../domain/billing/money'
import { photoFacts } from '../../../domain/files/photo-facts'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/form-field'
import { notify } from '../../components/ui/toaster'
import {
  type FeeRequestFilter,
  type FeeRequestRow,
  useEvidenceFiles,
  useFeeRequests,
  useMoveFeeRequest,
  useUploadEvidence,
} from './api'

const FILTERS: [FeeRequestFilter, string][] = [
  ['open', 'Waiting and requested'],
  ['waiting', 'Waiting'],
  ['requested', 'Requested'],
  ['approved', 'Approved'],
  ['declined', 'Declined'],
]

/** Fee requests: Waiting (not sent) -> Requested -> Approved / Declined, each with its rule and evidence. */
export function FeeRequestsPanel({ onOpenInvoice }: { onOpenInvoice: (id: string) => void }) {
  const [filter, setFilter] = useState<FeeRequestFilter>('open')
  const [page, setPage] = useState(1)
  const list = useFeeRequests(filter, page)
  return (
    <div className="space-y-3">
      <div className="max-w-xs">
        <SelectField
          id="fee-request-filter"
          label="Show"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as FeeRequestFilter)
            setPage(1)
          }}
        >
          {FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {list.isError && <p className="text-sm text-destructive">{list.error.message}</p>}
      {list.data?.feeRequests.length === 0 && <p className="text-sm text-muted-foreground">No fee requests here.</p>}
      <ul className="space-y-2">
        {list.data?.feeRequests.map((request) => (
          <li key={request.id}>
            <FeeRequestItem request={request} onOpenInvoice={onOpenInvoice} />
          </li>
        ))}
      </ul>
      {list.data && (page > 1 || list.data.hasMore) && (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Button size="sm" variant="outline" disabled={!list.data.hasMore} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </div>
      )}
    </div>
  )
}

export function FeeRequestItem({
  request,
  onOpenInvoice,
}: {
  request: FeeRequestRow
  onOpenInvoice: (id: string) => void
}) {
  const move = useMoveFeeRequest(request.id)
  const upload = useUploadEvidence(request.id)
  const [showFiles, setShowFiles] = useState(false)
  const fileInput = useId()
  const moveTo = async (status: 'requested' | 'approved' | 'declined', done: string) => {
    try {
      await move.mutateAsync({ status })
      notify.success({ title: done })
    } catch (failure) {
      notify.failure(failure)
    }
  }
  return (
    <div className="space-y-2 rounded-md border p-3 text-sm" data-testid="fee-request">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {request.fee_name} · <span className="tabular-nums">{formatCents(request.amount_cents)}</span>
        </span>
        <Badge
          variant={
            request.status === 'declined' ? 'destructive' : request.status === 'approved' ? 'default' : 'secondary'
          }
        >
          {FEE_REQUEST_STATUS_LABELS[request.status]}
        </Badge>
      </div>
      <p className="text-muted-foreground">
        {request.case_label ?? 'Case'}
        {request.invoice_number && (
          <>
            {' · '}
            <button
              type="button"
              className="underline underline-offset-4"
              onClick={() => request.invoice_id && onOpenInvoice(request.invoice_id)}
            >
              {request.invoice_number}
            </button>
          </>
        )}
      </p>
      {request.rule && <p>Why: {request.rule}</p>}
      {request.note && <p>Note: {request.note}</p>}
      <div className="flex flex-wrap items-center gap-2">
        {request.status === 'waiting' && (
          <Button size="sm" disabled={move.isPending} onClick={() => void moveTo('requested', 'Sent to the lender')}>
            Send to lender
          </Button>
        )}
        {request.status === 'requested' && (
          <>
            <Button size="sm" disabled={move.isPending} onClick={() => void moveTo('approved', 'Fee approved')}>
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={move.isPending}
              onClick={() => void moveTo('declined', 'Fee declined')}
            >
              Decline
            </Button>
          </>
        )}
        <label
          htmlFor={fileInput}
          className="inline-flex h-9 cursor-pointer items-center gap-1 rounded-md border px-3 hover:bg-accent"
        >
          <Paperclip className="size-4" aria-hidden />
          Add evidence
        </label>
        <input
          id={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (!file) return
            upload.mutateAsync(file).then(
              () => notify.success({ title: 'Evidence added' }),
              (failure) => notify.failure(failure),
            )
          }}
        />
        {request.file_count > 0 && (
          <Button size="sm" variant="ghost" onClick={() => setShowFiles(!showFiles)} aria-expanded={showFiles}>
            {request.file_count} {request.file_count === 1 ? 'file' : 'files'}
          </Button>
        )}
      </div>
      {showFiles && <EvidenceList requestId={request.id} />}
    </div>
  )
}

function EvidenceList({ requestId }: { requestId: string }) {
  const files = useEvidenceFiles(requestId)
  if (files.isPending) return <p className="text-muted-foreground">Loading...</p>
  if (files.isError) return <p className="text-destructive">{files.error.message}</p>
  return (
    <ul className="list-inside list-disc">
      {files.data.map((file) => {
        // When and where a photo was taken (its EXIF, kept as data: the file itself carries none).
        const facts = photoFacts({ takenAt: file.taken_at, latitude: file.latitude, longitude: file.longitude })
        return (
          <li key={file.id}>
            <a
              className="underline underline-offset-4"
              href={`/api/invoices/fee-requests/${requestId}/files/${file.id}`}
            >
              {file.file_name}
            </a>{' '}
            <span className="text-muted-foreground">({Math.ceil(file.size_bytes / 1024)} KB)</span>
            {facts && <span className="block pl-5 text-xs text-muted-foreground">{facts}</span>}
          </li>
        )
      })}
    </ul>
  )
}
