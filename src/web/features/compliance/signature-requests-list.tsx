import { formatDateTime } from '../../../domain/formats/dates'
import { Button } from '../../components/ui/button'
import { notify } from '../../components/ui/toaster'
import { type ComplianceDocument, useRevokeRequest } from './api'
import { ComplianceStatusBadge } from './compliance-status-badge'

/** A pending request whose link has lapsed shows as expired. */
/** A pending request whose link has lapsed shows as expired. */
export const requestStatus = (request: { status: string; expires_at: string }) =>
  request.status === 'pending' && new Date(request.expires_at).getTime() < Date.now() ? 'expired' : request.status

export function SignatureRequestsList({ document }: { document: ComplianceDocument }) {
  const revoke = useRevokeRequest()
  if (document.requests.length === 0) {
    return <p className="text-sm text-muted-foreground">No signature requests yet.</p>
  }
  return (
    <ul className="space-y-3">
      {document.requests.map((request) => (
        <li
          key={request.id}
          className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-3 text-sm"
          data-testid="signature-request"
        >
          <div className="space-y-1">
            <div className="flex items-center gap-2">
              <ComplianceStatusBadge status={requestStatus(request)} />
              <span className="font-medium">{request.recipient_name}</span>
              <span className="text-muted-foreground">{request.recipient_email}</span>
            </div>
            <div className="text-muted-foreground">
              {request.status === 'signed'
                ? `Signed ${formatDateTime(request.signed_at)} by ${request.signer_name ?? '-'}`
                : `Sent ${formatDateTime(request.created_at)} · link valid until ${formatDateTime(request.expires_at)}`}
            </div>
            {request.signer_notes && <div>{`Notes: ${request.signer_notes}`}</div>}
          </div>
          {request.signature_image_url && (
            <img
              src={request.signature_image_url}
              alt={`Signature of ${request.signer_name ?? 'the signer'}`}
              className="h-16 rounded border bg-white"
            />
          )}
          {request.status === 'pending' && (
            <Button
              variant="outline"
              size="sm"
              disabled={revoke.isPending}
              onClick={async () => {
                if (!window.confirm('Revoke this signature request? Its link stops working at once.')) return
                try {
                  await revoke.mutateAsync(request.id)
                  notify.success({ title: 'Request revoked' })
                } catch (error) {
                  notify.failure(error)
                }
              }}
            >
              Revoke
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}
