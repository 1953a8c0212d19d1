import { type FormEvent, type ReactNode, useCallback, useState } from 'react'
import { formatDateTime } from '../../../domain/formats/dates'
import {
  RELEASE_KIND_LABELS,
  RELEASE_KINDS,
  type ReleaseKind,
  TRANSPORT_VENDOR_TYPES,
} from '../../../domain/redemption/release'
import { Button } from '../../components/ui/button'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import type { ReportTarget } from '../condition-reports/api'
import { type Release, useAuthorizeRelease, useCompleteRelease, useReleases } from './api'
import { HandOverFields, useHandOverInput } from './hand-over-fields'
import { useTransportVendors } from './release-api'
import { ReleaseSignatureStep, useRefreshWhileWaiting } from './release-signature-step'

/** The company's auctions and transporters (read through the redemption screens, not Vendor Management). */
function VendorSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const vendors = useTransportVendors()
  const choices = (vendors.data?.vendors ?? []).filter((vendor) =>
    (TRANSPORT_VENDOR_TYPES as readonly string[]).includes(vendor.type),
  )
  if (vendors.isSuccess && choices.length === 0)
    return <p className="text-sm text-muted-foreground">Add an auction or transporter under Vendors first.</p>
  return (
    <SelectField
      id="release-vendor"
      label="Auction or transporter"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      field="vendorId"
    >
      <option value="">Choose...</option>
      {choices.map((vendor) => (
        <option key={vendor.id} value={vendor.id}>
          {vendor.name}
        </option>
      ))}
    </SelectField>
  )
}

function AuthorizeForm({ target, needsLender }: { target: ReportTarget; needsLender: boolean }) {
  const authorize = useAuthorizeRelease(target)
  const [kind, setKind] = useState<ReleaseKind>('release')
  const [vendorId, setVendorId] = useState('')
  const [lender, setLender] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    authorize.mutate({
      kind,
      vendorId: kind === 'transport' && vendorId ? vendorId : null,
      lenderAuthorization: lender.trim() || null,
    })
  }
  return (
    <FormProblems error={authorize.error}>
      <form className="space-y-3" onSubmit={submit} aria-label="Authorize release">
        <SelectField
          id="release-kind"
          label="Release kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as ReleaseKind)}
          field="kind"
        >
          {RELEASE_KINDS.map((value) => (
            <option key={value} value={value}>
              {RELEASE_KIND_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {kind === 'transport' && <VendorSelect value={vendorId} onChange={setVendorId} />}
        <FormField
          id="release-lender"
          label="Lender authorization reference"
          value={lender}
          onChange={(e) => setLender(e.target.value)}
          maxLength={200}
          field="lenderAuthorization"
        />
        {needsLender && (
          <p className="text-sm text-muted-foreground">The lender must authorize this release: give its reference.</p>
        )}
        <FormProblemsSummary className="text-sm text-destructive" />
        <Button type="submit" className="w-full sm:w-auto" disabled={authorize.isPending}>
          {authorize.isPending ? 'Authorizing...' : 'Authorize'}
        </Button>
      </form>
    </FormProblems>
  )
}

/** The hand-over against an ID; a release waits for its signature (`blocked` says so, the button stays off). */
function HandOverForm({
  target,
  release,
  blocked,
  releasedToName,
}: {
  target: ReportTarget
  release: Release
  blocked?: string
  releasedToName?: string | null
}) {
  const complete = useCompleteRelease(target, release.id)
  const input = useHandOverInput(releasedToName)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    complete.mutate(input.value)
  }
  return (
    <FormProblems error={complete.error}>
      <form className="space-y-3" onSubmit={submit} aria-label="Hand over">
        <p className="text-sm">
          {release.label}
          {release.vendorName && ` to ${release.vendorName}`}
          {release.authorizedAt && ` on ${formatDateTime(release.authorizedAt)}`}
          {release.lenderAuthorization && ` (lender reference ${release.lenderAuthorization})`}
        </p>
        <HandOverFields idPrefix="release" releasedToLabel="Released to" input={input} />
        <FormProblemsSummary className="text-sm text-destructive" />
        {blocked && (
          <p className="text-sm text-muted-foreground" data-testid="hand-over-blocked">
            {blocked}
          </p>
        )}
        <Button type="submit" className="w-full sm:w-auto" disabled={complete.isPending || Boolean(blocked)}>
          {complete.isPending ? 'Saving...' : 'Hand over'}
        </Button>
      </form>
    </FormProblems>
  )
}

const RELEASE_NOT_SIGNED = 'The release must be signed before the vehicle is handed over.'

/** A release (not a transport): signed first, then handed over to the person who signed. */
function SignThenHandOver({
  target,
  release,
  debtorName,
}: {
  target: ReportTarget
  release: Release
  debtorName: string | null
}) {
  const signed = release.signature?.status === 'signed'
  return (
    <div className="space-y-4">
      <ReleaseSignatureStep release={release} suggestedName={debtorName} />
      <HandOverForm
        key={`${release.id}-${signed ? 'signed' : 'unsigned'}`}
        target={target}
        release={release}
        blocked={signed ? undefined : RELEASE_NOT_SIGNED}
        releasedToName={release.signature?.signerName}
      />
    </div>
  )
}

/** The release of the vehicle: authorize it, have a release signed, hand it over against an ID, then say to whom. */
export function ReleaseSection({ target }: { target: ReportTarget }) {
  const found = useReleases(target)
  const live = found.data?.releases.find((release) => release.status !== 'cancelled')
  const { refetch } = found
  const refresh = useCallback(() => void refetch(), [refetch])
  useRefreshWhileWaiting(
    live?.status === 'authorized' && live.kind === 'release' && live.signature?.status !== 'signed',
    refresh,
  )
  let body: ReactNode
  if (found.isPending) body = <p className="text-sm text-muted-foreground">Loading...</p>
  else if (found.isError) body = <p className="text-sm text-muted-foreground">{found.error.message}</p>
  else {
    if (!live) body = <AuthorizeForm target={target} needsLender={found.data.needsLenderAuthorization} />
    else if (live.status === 'authorized' && live.kind === 'release')
      body = <SignThenHandOver key={live.id} target={target} release={live} debtorName={found.data.case.debtorName} />
    else if (live.status === 'authorized') body = <HandOverForm key={live.id} target={target} release={live} />
    else
      body = (
        <p className="text-sm" data-testid="release-done">
          {live.label}. Released to {live.releasedTo} (ID ending {live.idLast4})
          {live.completedAt && ` on ${formatDateTime(live.completedAt)}`}
        </p>
      )
  }
  return (
    <section className="space-y-3 border-t pt-4" aria-labelledby="release-heading">
      <h3 id="release-heading" className="font-medium">
        Release
      </h3>
      {body}
    </section>
  )
}
