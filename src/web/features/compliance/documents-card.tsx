import { ChevronDown, ChevronRight, Send } from 'lucide-react'
import { Fragment, useState } from 'react'
import { formatCaseDate } from '../../../domain/formats/dates'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { NativeSelect } from '../../components/ui/native-select'
import { type ComplianceDocument, type DocumentFilter, useDocuments } from './api'
import { ComplianceStatusBadge } from './compliance-status-badge'
import { NewDocumentForm } from './new-document-form'
import { SignatureRequestDialog } from './signature-request-dialog'
import { SignatureRequestsList } from './signature-requests-list'

/** The documents, filtered by status or by expiry within 30 days (the page holds the filter, so its figures can set it). */
export function DocumentsCard({
  filter,
  onFilterChange: setFilter,
}: {
  filter: DocumentFilter
  onFilterChange: (filter: DocumentFilter) => void
}) {
  const [open, setOpen] = useState<string | null>(null)
  const [requesting, setRequesting] = useState<ComplianceDocument | null>(null)
  const documents = useDocuments(filter)
  return (
    <Card id="compliance-documents">
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
                        <ComplianceStatusBadge status={document.status} />
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
                          <SignatureRequestsList document={document} />
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
