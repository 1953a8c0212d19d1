import { ChevronDown, ChevronRight, Send } from 'lucide-react'
import { Fragment, useState } from 'react'
import { formatCaseDate, formatDateTime } from '../../../domain/formats/dates'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/native-select'
import { notify } from '../../components/ui/toaster'
import {
  type ComplianceDocument,
  type DocumentFilter,
  useCreateDocument,
  useCreateDocumentType,
  useDocuments,
  useDocumentTypes,
  useRevokeRequest,
} from './api'
import { SignatureRequestDialog } from './signature-request-dialog'

const STATUS_VARIANT: Record<string, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  signed: 'default',
  sent: 'secondary',
  pending: 'outline',
  expired: 'destructive',
  revoked: 'destructive',
}
const StatusBadge = ({ status }: { status: string }) => (
  <Badge variant={STATUS_VARIANT[status] ?? 'outline'} className="capitalize">
    {status}
  </Badge>
)

function DocumentTypesCard() {
  const types = useDocumentTypes()
  const create = useCreateDocumentType()
  const [name, setName] = useState('')
  const [category, setCategory] = useState('')
  async function add(event: React.FormEvent) {
    event.preventDefault()
    try {
      await create.mutateAsync({ name, category: category || null })
      setName('')
      setCategory('')
    } catch (error) {
      notify.failure(error)
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Document Types</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <ul className="flex flex-wrap gap-2 text-sm">
          {types.data?.map((type) => (
            <li key={type.id} className="rounded-md border px-2 py-1">
              {type.name}
              {type.category && <span className="text-muted-foreground">{` · ${type.category}`}</span>}
            </li>
          ))}
          {types.data?.length === 0 && <li className="text-muted-foreground">No document types yet.</li>}
        </ul>
        <form className="flex flex-wrap gap-2" onSubmit={(event) => void add(event)}>
          <Input
            aria-label="Type name"
            placeholder="Name, e.g. Agent Agreement"
            value={name}
            onChange={(event) => setName(event.target.value)}
            className="w-60"
          />
          <Input
            aria-label="Category"
            placeholder="Category (optional)"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            className="w-48"
          />
          <Button type="submit" variant="outline" disabled={!name.trim() || create.isPending}>
            Add type
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

function NewDocumentForm() {
  const types = useDocumentTypes()
  const create = useCreateDocument()
  const [documentTypeId, setDocumentTypeId] = useState('')
  const [effectiveDate, setEffectiveDate] = useState('')
  const [expirationDate, setExpirationDate] = useState('')
  const [notes, setNotes] = useState('')
  async function add(event: React.FormEvent) {
    event.preventDefault()
    try {
      await create.mutateAsync({
        documentTypeId,
        effectiveDate: effectiveDate || null,
        expirationDate: expirationDate || null,
        notes: notes || null,
      })
      setEffectiveDate('')
      setExpirationDate('')
      setNotes('')
      notify.success({ title: 'Document added' })
    } catch (error) {
      notify.failure(error)
    }
  }
  return (
    <form
      className="grid gap-2 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(event) => void add(event)}
    >
      <NativeSelect
        aria-label="Document type"
        value={documentTypeId}
        onChange={(event) => setDocumentTypeId(event.target.value)}
      >
        <option value="">Document type...</option>
        {types.data?.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </NativeSelect>
      <div className="text-xs text-muted-foreground">
        <span>Effective</span>
        <Input
          type="date"
          aria-label="Effective date"
          value={effectiveDate}
          onChange={(event) => setEffectiveDate(event.target.value)}
        />
      </div>
      <div className="text-xs text-muted-foreground">
        <span>Expires</span>
        <Input
          type="date"
          aria-label="Expiration date"
          value={expirationDate}
          onChange={(event) => setExpirationDate(event.target.value)}
        />
      </div>
      <Input
        aria-label="Notes"
        placeholder="Notes (optional)"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <Button type="submit" disabled={!documentTypeId || create.isPending}>
        Add document
      </Button>
    </form>
  )
}

/** A pending request whose link has lapsed shows as expired. */
const requestStatus = (request: { status: string; expires_at: string }) =>
  request.status === 'pending' && new Date(request.expires_at).getTime() < Date.now() ? 'expired' : request.status

function RequestsRow({ document }: { document: ComplianceDocument }) {
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
              <StatusBadge status={requestStatus(request)} />
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

function DocumentsCard() {
  const [filter, setFilter] = useState<DocumentFilter>({ status: '', expiringSoon: false })
  const [open, setOpen] = useState<string | null>(null)
  const [requesting, setRequesting] = useState<ComplianceDocument | null>(null)
  const documents = useDocuments(filter)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Compliance Documents</CardTitle>
        <CardDescription>Send documents for signature and follow them until they are signed.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <NewDocumentForm />
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <NativeSelect
            aria-label="Status filter"
            value={filter.status}
            onChange={(event) => setFilter({ ...filter, status: event.target.value })}
            className="w-40"
          >
            <option value="">All statuses</option>
            <option value="pending">Pending</option>
            <option value="sent">Sent</option>
            <option value="signed">Signed</option>
            <option value="expired">Expired</option>
          </NativeSelect>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={filter.expiringSoon}
              onChange={(event) => setFilter({ ...filter, expiringSoon: event.target.checked })}
            />
            Expiring within 30 days
          </label>
        </div>
        {documents.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
        {documents.isError && <p className="text-sm text-destructive">{documents.error.message}</p>}
        {documents.data?.length === 0 && <p className="text-sm text-muted-foreground">No documents match.</p>}
        {documents.data && documents.data.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="p-2" />
                  <th className="p-2">Type</th>
                  <th className="p-2">Status</th>
                  <th className="p-2">Effective</th>
                  <th className="p-2">Expires</th>
                  <th className="p-2">Notes</th>
                  <th className="p-2" />
                </tr>
              </thead>
              <tbody>
                {documents.data.map((document) => (
                  <Fragment key={document.id}>
                    <tr className="border-t" data-testid="compliance-document">
                      <td className="p-2">
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-7"
                          aria-label={open === document.id ? 'Hide requests' : 'Show requests'}
                          onClick={() => setOpen(open === document.id ? null : document.id)}
                        >
                          {open === document.id ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                        </Button>
                      </td>
                      <td className="p-2 font-medium">{document.type_name}</td>
                      <td className="p-2">
                        <StatusBadge status={document.status} />
                      </td>
                      <td className="p-2">{formatCaseDate(document.effective_date)}</td>
                      <td className="p-2">{formatCaseDate(document.expiration_date)}</td>
                      <td className="max-w-60 truncate p-2">{document.notes ?? '-'}</td>
                      <td className="p-2 text-right">
                        {document.status !== 'signed' && (
                          <Button size="sm" variant="outline" onClick={() => setRequesting(document)}>
                            <Send aria-hidden />
                            Request signature
                          </Button>
                        )}
                      </td>
                    </tr>
                    {open === document.id && (
                      <tr>
                        <td colSpan={7} className="p-2">
                          <RequestsRow document={document} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
      <SignatureRequestDialog document={requesting} onClose={() => setRequesting(null)} />
    </Card>
  )
}

/** /dashboard/compliance-manager: document types, documents, and their signature requests. */
export function CompliancePage() {
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <DocumentsCard />
      <DocumentTypesCard />
    </div>
  )
}
