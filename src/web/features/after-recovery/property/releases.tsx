import { Copy, ExternalLink, Link2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { formatDateTime } from '../../../../domain/formats/dates'
import { ID_TYPES } from '../../../../domain/redemption/release'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { FormField, SelectField } from '../../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../../components/ui/form-problems'
import { notify } from '../../../components/ui/toaster'
import type { ReportTarget } from '../../condition-reports/api'
import type { PropertyItem } from '../api'
import { type PropertyRelease, type SignatureLink, useCancelRelease, useHandOver, useNewSignatureLink } from './api'
import { itemName } from './items'
import { ServerMessage } from './parts'

type IdType = (typeof ID_TYPES)[number]

/** The signing link: copied to send it, or opened here for the owner to sign on this device. */
export function SigningLink({ link }: { link: SignatureLink }) {
  return (
    <div className="space-y-2 rounded-md bg-muted/60 p-3 text-sm">
      <p className="break-all font-mono text-xs" data-testid="release-link">
        {link.link}
      </p>
      <p className="text-xs text-muted-foreground">Valid until {formatDateTime(link.expiresAt)}.</p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(link.link)
              notify.success({ title: 'Copied' })
            } catch (error) {
              notify.failure(error)
            }
          }}
        >
          <Copy aria-hidden />
          Copy link
        </Button>
        <Button asChild size="sm">
          <a href={link.link} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden />
            Sign on this device
          </a>
        </Button>
      </div>
    </div>
  )
}

function HandOverForm({ target, release }: { target: ReportTarget; release: PropertyRelease }) {
  const handOver = useHandOver(target, release.id)
  const [releasedTo, setReleasedTo] = useState(release.signature?.signerName ?? '')
  const [idType, setIdType] = useState<IdType>(ID_TYPES[0])
  const [idLast4, setIdLast4] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    handOver.mutate({ releasedTo, idType, idLast4 })
  }
  const id = (field: string) => `handover-${release.id}-${field}`
  return (
    <FormProblems error={handOver.error}>
      <form className="space-y-3" onSubmit={submit} aria-label="Hand over property">
        <FormField
          id={id('to')}
          label="Released to"
          value={releasedTo}
          onChange={(event) => setReleasedTo(event.target.value)}
          field="releasedTo"
        />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            id={id('type')}
            label="ID type"
            value={idType}
            onChange={(event) => setIdType(event.target.value as IdType)}
            field="idType"
          >
            {ID_TYPES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
          <FormField
            id={id('last4')}
            label="Last 4 of ID"
            value={idLast4}
            maxLength={4}
            autoComplete="off"
            onChange={(event) => setIdLast4(event.target.value)}
            field="idLast4"
          />
        </div>
        <FormProblemsSummary className="text-sm text-destructive" />
        <Button type="submit" disabled={handOver.isPending}>
          {handOver.isPending ? 'Saving...' : 'Hand over'}
        </Button>
      </form>
    </FormProblems>
  )
}

function PendingActions({
  target,
  release,
  link,
  onLink,
}: {
  target: ReportTarget
  release: PropertyRelease
  link: SignatureLink | undefined
  onLink: (link: SignatureLink) => void
}) {
  const renew = useNewSignatureLink(target, release.id)
  const cancel = useCancelRelease(target, release.id)
  const signed = release.signature?.status === 'signed'
  return (
    <div className="space-y-3">
      {!signed && link && <SigningLink link={link} />}
      {!signed && (
        <Button
          size="sm"
          variant="outline"
          disabled={renew.isPending}
          onClick={() =>
            renew.mutate({ name: release.signature?.signerName ?? '', email: null }, { onSuccess: onLink })
          }
        >
          <Link2 aria-hidden />
          {link ? 'New link' : 'Show a new link'}
        </Button>
      )}
      <ServerMessage error={renew.error} />
      {signed && <HandOverForm target={target} release={release} />}
      <Button size="sm" variant="ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(undefined)}>
        Cancel release
      </Button>
      <ServerMessage error={cancel.error} />
    </div>
  )
}

const BADGE = { pending: 'In progress', completed: 'Done', cancelled: 'Cancelled' } as const

function statusLine(release: PropertyRelease): string {
  if (release.kind === 'disposal')
    return `Disposed of (${release.disposalMethod ?? 'method not given'})${release.completedAt ? ` on ${formatDateTime(release.completedAt)}` : ''}`
  if (release.status === 'completed')
    return `Released to ${release.releasedTo} (ID ending ${release.idLast4})${release.completedAt ? ` on ${formatDateTime(release.completedAt)}` : ''}`
  if (release.status === 'cancelled') return 'Cancelled'
  if (release.signature?.status === 'signed')
    return `Signed by ${release.signature.signerName}${release.signature.signedAt ? ` on ${formatDateTime(release.signature.signedAt)}` : ''}`
  return 'Waiting for signature'
}

/** One release or disposal of some of the items: what it covers, where it stands, and its next step. */
export function ReleaseRow({
  target,
  release,
  items,
  link,
  onLink,
  canAct,
}: {
  target: ReportTarget
  release: PropertyRelease
  items: PropertyItem[]
  link: SignatureLink | undefined
  onLink: (link: SignatureLink) => void
  canAct: boolean
}) {
  const covered = items.filter((item) => release.itemIds.includes(item.id))
  return (
    <li className="space-y-2 rounded-md border p-3 text-sm" data-testid="property-release">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{release.kind === 'disposal' ? 'Disposal' : 'Release'}</span>
        <Badge variant={release.status === 'pending' ? 'secondary' : 'outline'}>{BADGE[release.status]}</Badge>
      </div>
      <p className="font-medium" data-testid="release-status">
        {statusLine(release)}
      </p>
      <p className="text-muted-foreground">{covered.map(itemName).join(', ') || `${release.itemIds.length} items`}</p>
      <p className="text-xs text-muted-foreground">Started {formatDateTime(release.createdAt)}</p>
      {canAct && release.kind === 'release' && release.status === 'pending' && (
        <PendingActions target={target} release={release} link={link} onLink={onLink} />
      )}
    </li>
  )
}
