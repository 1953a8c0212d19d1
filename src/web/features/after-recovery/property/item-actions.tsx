import { type FormEvent, useState } from 'react'
import { formatCaseDate } from '../../../../domain/formats/dates'
import { DISPOSAL_METHODS } from '../../../../domain/property/redemption'
import { Button } from '../../../components/ui/button'
import { FormField, SelectField } from '../../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../../components/ui/form-problems'
import type { ReportTarget } from '../../condition-reports/api'
import { type Notice, type PropertyDetail, type SignatureLink, useDispose, useStartRelease } from './api'

type DisposalMethod = (typeof DISPOSAL_METHODS)[number]
const count = (ids: string[]) => `${ids.length} item${ids.length === 1 ? '' : 's'}`

/** Gives the chosen items back: who signs the release (and where the link is mailed, if anywhere). */
export function ReleaseForm({
  target,
  inventoryId,
  itemIds,
  onStarted,
  onCancel,
}: {
  target: ReportTarget
  inventoryId: string
  itemIds: string[]
  onStarted: (releaseId: string | null, link: SignatureLink) => void
  onCancel: () => void
}) {
  const start = useStartRelease(target, inventoryId)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    start.mutate(
      { itemIds, signer: { name, email: email.trim() || null } },
      {
        onSuccess: (answer) => onStarted(answer.releaseId, { link: answer.link, expiresAt: answer.expiresAt }),
      },
    )
  }
  return (
    <FormProblems error={start.error}>
      <form className="space-y-3 rounded-md border p-3" onSubmit={submit} aria-label="Release items">
        <p className="text-sm font-medium">Release {count(itemIds)}: who signs for them?</p>
        <FormField
          id="release-signer-name"
          label="Signer name"
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          field="signer.name"
        />
        <FormField
          id="release-signer-email"
          label="Signer email (optional)"
          type="email"
          value={email}
          autoComplete="off"
          onChange={(event) => setEmail(event.target.value)}
          field="signer.email"
        />
        <p className="text-xs text-muted-foreground">
          With an email the link is mailed too; without one, the owner signs on this device.
        </p>
        <FormProblemsSummary className="text-sm text-destructive" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? 'Preparing...' : 'Prepare release'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProblems>
  )
}

/** Disposes of the chosen items once the hold is over, against the notice that was sent. */
export function DisposalForm({
  target,
  inventoryId,
  itemIds,
  notices,
  onDone,
}: {
  target: ReportTarget
  inventoryId: string
  itemIds: string[]
  notices: Notice[]
  onDone: () => void
}) {
  const dispose = useDispose(target, inventoryId)
  const [method, setMethod] = useState<DisposalMethod>(DISPOSAL_METHODS[0])
  const [noticeId, setNoticeId] = useState(notices[0]?.id ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    dispose.mutate({ itemIds, method, noticeId }, { onSuccess: (_: PropertyDetail) => onDone() })
  }
  return (
    <FormProblems error={dispose.error}>
      <form className="space-y-3 rounded-md border p-3" onSubmit={submit} aria-label="Dispose of items">
        <p className="text-sm font-medium">Dispose of {count(itemIds)}</p>
        <SelectField
          id="disposal-method"
          label="Disposal method"
          value={method}
          onChange={(event) => setMethod(event.target.value as DisposalMethod)}
          field="method"
        >
          {DISPOSAL_METHODS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="disposal-notice"
          label="Notice sent"
          value={noticeId}
          onChange={(event) => setNoticeId(event.target.value)}
          field="noticeId"
        >
          <option value="">Choose...</option>
          {notices.map((notice) => (
            <option key={notice.id} value={notice.id}>
              {formatCaseDate(notice.sentOn)} by {notice.method}
            </option>
          ))}
        </SelectField>
        <FormProblemsSummary className="text-sm text-destructive" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" disabled={dispose.isPending}>
            {dispose.isPending ? 'Saving...' : 'Dispose of items'}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProblems>
  )
}

/** Why nothing can be disposed of yet, in words. */
export function disposalNote(holdUntil: string | null, notices: Notice[]): string {
  if (!notices.length) return 'Disposal needs a notice sent to the owner first.'
  return holdUntil ? `Disposal opens once the hold ends on ${formatCaseDate(holdUntil)}.` : 'Disposal is not open yet.'
}
