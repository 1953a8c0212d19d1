import { FileDown, Loader2, Paperclip } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { FILE_MESSAGES, MAX_FILE_BYTES } from '../../../../domain/files/file-rules'
import { agencyToday } from '../../../../domain/formats/agency-time'
import { formatCaseDate } from '../../../../domain/formats/dates'
import { NOTICE_METHODS } from '../../../../domain/property/redemption'
import { Button } from '../../../components/ui/button'
import { FormField, SelectField } from '../../../components/ui/form-field'
import { FormProblems, FormProblemsSummary, useFieldProblem } from '../../../components/ui/form-problems'
import { Label } from '../../../components/ui/label'
import { type ReportPhoto, type ReportTarget, uploadPhoto } from '../../condition-reports/api'
import { type Notice, noticeLetterUrl, useRecordNotice } from './api'
import { Section } from './parts'

type Method = (typeof NOTICE_METHODS)[number]

/** The proof of a notice (a receipt's photo or a scan), sent as soon as it is chosen. */
function ProofUpload({ file, onUploaded }: { file: ReportPhoto | null; onUploaded: (file: ReportPhoto) => void }) {
  const [progress, setProgress] = useState<number | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // The upload's own failure, or the server's reason about the proof when the notice is refused.
  const refused = useFieldProblem('proofFileId', 'notice-proof')
  const message = failure ?? refused
  async function choose(chosen: File | undefined) {
    if (!chosen) return
    setFailure(null)
    if (chosen.size > MAX_FILE_BYTES) return setFailure(FILE_MESSAGES.tooLarge)
    setProgress(0)
    try {
      onUploaded(await uploadPhoto(chosen, setProgress))
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'The file could not be sent. Try again.')
    } finally {
      setProgress(null)
    }
  }
  return (
    <div className="space-y-2">
      <Label htmlFor="notice-proof">Proof of notice</Label>
      <input
        id="notice-proof"
        type="file"
        accept="image/*,application/pdf"
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm"
        disabled={progress !== null}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? 'notice-proof-error' : undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          void choose(chosen)
        }}
      />
      {progress !== null && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Uploading {Math.round(progress * 100)}%
        </p>
      )}
      {file && progress === null && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="notice-proof-ready">
          <Paperclip className="size-4" aria-hidden />
          Proof uploaded
        </p>
      )}
      {message && (
        <p id="notice-proof-error" role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
    </div>
  )
}

function NoticeForm({
  target,
  inventoryId,
  onDone,
}: {
  target: ReportTarget
  inventoryId: string
  onDone: () => void
}) {
  const record = useRecordNotice(target, inventoryId)
  // The agency's day, as the server checks it (a browser elsewhere, or in UTC after 6 PM in Alabama, is a day ahead).
  const [sentOn, setSentOn] = useState(agencyToday())
  const [method, setMethod] = useState<Method>(NOTICE_METHODS[0])
  const [proof, setProof] = useState<ReportPhoto | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    record.mutate({ sentOn, method, proofFileId: proof?.id ?? '' }, { onSuccess: onDone })
  }
  return (
    <FormProblems error={record.error}>
      <form className="space-y-3 rounded-md border p-3" onSubmit={submit} aria-label="Record a notice">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="notice-sent-on"
            label="Sent on"
            type="date"
            value={sentOn}
            max={agencyToday()}
            onChange={(event) => setSentOn(event.target.value)}
            field="sentOn"
          />
          <SelectField
            id="notice-method"
            label="Sent by"
            value={method}
            onChange={(event) => setMethod(event.target.value as Method)}
            field="method"
          >
            {NOTICE_METHODS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
        </div>
        <ProofUpload file={proof} onUploaded={setProof} />
        <FormProblemsSummary className="text-sm text-destructive" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Saving...' : 'Record notice'}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProblems>
  )
}

/** The notices sent to the owner with their proof, the letter to send, and a way to record one. */
export function NoticesSection({
  target,
  inventoryId,
  notices,
  noticeDue,
  canSend,
}: {
  target: ReportTarget
  inventoryId: string
  notices: Notice[]
  noticeDue: string | null
  /** Whether the viewer sends notices (the post-recovery people and management; the lot reads). */
  canSend: boolean
}) {
  const [adding, setAdding] = useState(false)
  return (
    <Section
      title="Notices"
      action={
        canSend && (
          <Button asChild variant="outline" size="sm">
            <a href={noticeLetterUrl(inventoryId)} target="_blank" rel="noreferrer">
              <FileDown aria-hidden />
              Notice letter (PDF)
            </a>
          </Button>
        )
      }
    >
      {notices.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No notice sent yet{noticeDue ? `; due ${formatCaseDate(noticeDue)}` : ''}.
        </p>
      ) : (
        <ul className="space-y-2 text-sm" aria-label="Notices sent">
          {notices.map((notice) => (
            <li
              key={notice.id}
              className="flex flex-wrap items-center justify-between gap-2"
              data-testid="property-notice"
            >
              <span>
                Sent {formatCaseDate(notice.sentOn)} by {notice.method}
                {notice.recordedBy && <span className="text-muted-foreground"> · recorded by {notice.recordedBy}</span>}
              </span>
              {notice.proofFileId && (
                <a
                  className="text-primary underline-offset-4 hover:underline"
                  href={`/api/files/${notice.proofFileId}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  View proof
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {canSend &&
        (adding ? (
          <NoticeForm target={target} inventoryId={inventoryId} onDone={() => setAdding(false)} />
        ) : (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            Record a notice
          </Button>
        ))}
    </Section>
  )
}
