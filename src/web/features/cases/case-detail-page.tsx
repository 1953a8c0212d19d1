import { AlertTriangle, ArrowLeft, ChevronRight } from 'lucide-react'
import { Suspense, useDeferredValue } from 'react'
import { Link, useParams } from 'react-router'
import { hasFieldAccess } from '../../../domain/auth/roles'
import { DEFAULT_ORDER_TYPE } from '../../../domain/cases/case-view'
import { formatRepossessedAt } from '../../../domain/cases/repossession'
import { formatCaseDate, formatDateTime } from '../../../domain/formats/dates'
import { useBack } from '../../app/back-navigation'
import { lazyComponent } from '../../app/lazy-page'
import { address, DetailCard, Field } from '../../components/detail-card'
import { DetailMessage, DetailSkeleton } from '../../components/detail-states'
import { StatusBadge } from '../../components/status-badge'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { ApiError } from '../../lib/api'
import { useMe } from '../auth/session'
import { FieldActButtons, FieldRecordCard } from '../holds/field-record-card'
import { StopBanner } from '../holds/stop-banner'
import { CorrectRepossession } from '../repossession/correct-repossession'
import { KeyTypeValue } from '../vehicles/key-type-value'
import { type CaseRow, useCase } from './api'
import { StorageLocation } from './storage-location'

const MAX_SUBSTATUSES_SHOWN = 2

// The cards that read their own data load after the case's own fields show (issue 21).
const workCards = () => import('./case-work-cards')
const CaseWorkCards = lazyComponent(async () => (await workCards()).CaseWorkCards)
const TimelineCard = lazyComponent(async () => (await workCards()).TimelineCard)
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** When the vehicle was repossessed (one moment, as every screen shows it), set or corrected by those with field access. */
function RepossessedField({ row }: { row: CaseRow }) {
  const me = useMe()
  const mayCorrect = hasFieldAccess(me.data?.profile.role)
  const moment = row.time_marked_repossessed
  if (!moment && !(mayCorrect && row.status === 'Repossessed')) return <Field label="Repossessed" value={null} />
  return (
    <Field
      label="Repossessed"
      value={
        <span className="inline-flex items-center gap-2">
          <span data-testid="case-repossessed-at">{formatRepossessedAt(moment)}</span>
          {mayCorrect && <CorrectRepossession target={{ caseId: String(row.case_id) }} moment={moment} />}
        </span>
      }
    />
  )
}

function CaseCards({ row }: { row: CaseRow }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <DetailCard title="Vehicle Information">
        <Field label="Vehicle" value={[row.year, row.make, row.model].filter(Boolean).join(' ')} />
        <Field label="VIN" value={row.vin} copy={row.vin} />
        <Field label="Plate" value={row.license_plate} copy={row.license_plate} />
        <Field label="Color" value={row.color} />
        <Field label="Key Type" value={<KeyTypeValue vin={row.vin} missing="-" />} />
      </DetailCard>
      <DetailCard title="Debtor Information">
        <Field label="Name" value={row.debtor_name} />
        <Field label="Phone" value={row.debtor_phone} copy={row.debtor_phone} />
        <Field
          label="Primary Address"
          value={address(row.debtor_address, row.debtor_city, row.debtor_state, row.debtor_zip)}
        />
        <Field
          label="Additional Address"
          value={address(row.additional_address, row.additional_city, row.additional_state, row.additional_zip)}
        />
        <Field label="Work Address" value={row.debtor_work_address} />
      </DetailCard>
      <DetailCard title="Client & Lienholder">
        <Field label="Lender" value={row.client} />
        <Field label="Lender Phone" value={row.lender_phone} copy={row.lender_phone} />
        <Field label="Lienholder" value={row.lienholder_name} />
      </DetailCard>
      {row.status === 'Repossessed' && (
        <DetailCard title="Storage Location">
          <Field label="Location" value={<StorageLocation name={row.storage_location} />} />
        </DetailCard>
      )}
      <DetailCard title="Repossession Details">
        <Field label="Recovery Agent" value={row.assigned_agent?.full_name} />
        <Field label="Recovery Location" value={row.recovery_location} />
        <RepossessedField row={row} />
        <Field
          label="Storage Location"
          value={row.storage_location ? <StorageLocation name={row.storage_location} /> : null}
        />
        <Field label="Sub-statuses" value={row.parsed_substatuses.slice(0, MAX_SUBSTATUSES_SHOWN).join(', ')} />
      </DetailCard>
      <DetailCard title="Details">
        <Field label="Case ID" value={String(row.case_id)} copy={String(row.case_id)} />
        <Field label="Order Type" value={row.order_type || DEFAULT_ORDER_TYPE.detail} />
        <Field label="Order Date" value={row.order_date ? formatCaseDate(row.order_date) : null} />
        <Field label="Market Confidence" value={`${row.market_confidence}%`} />
        <Field label="Last Updated" value={formatDateTime(row.updated_at)} />
      </DetailCard>
      <FieldRecordCard target={{ subject: 'case', caseId: String(row.case_id) }} />
      <Suspense fallback={null}>
        <CaseWorkCards caseId={String(row.case_id)} />
      </Suspense>
    </div>
  )
}

/** /cases/<caseId>: one external case, outside the shell (SPEC.md section 2). */
export function CaseDetailPage() {
  const { caseId = '' } = useParams()
  const { href: backHref, back } = useBack()
  const found = useCase(caseId)
  // The header shows with the case; its cards and timeline render a moment later in a transition,
  // in short slices, so a phone's main thread is never blocked for long (issue 21).
  const deferred = useDeferredValue(found.data ?? null, null)

  if (found.isPending) return <DetailSkeleton testId="case-skeleton" />
  if (found.isError || !found.data) {
    const missing = found.error instanceof ApiError && found.error.status === 404
    return (
      <DetailMessage
        title={missing ? 'Case Not Found' : 'Something went wrong'}
        message={missing ? 'The requested case could not be found.' : found.error?.message}
        action={<Button onClick={back}>Back to Orders</Button>}
      />
    )
  }
  const row = found.data
  const caseNumber = row.case_number || String(row.case_id)
  const priority = row.priority || 'normal'
  // Another case's cards never show under this one's header while the deferred render catches up.
  const cards = deferred?.case_id === row.case_id ? deferred : null
  const field = { subject: 'case', caseId: String(row.case_id) } as const
  return (
    <main className="mx-auto max-w-6xl space-y-4 p-4 md:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={back}>
          <ArrowLeft aria-hidden />
          Back
        </Button>
        <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-muted-foreground">
          <Link to={backHref} className="hover:text-foreground">
            Orders
          </Link>
          <ChevronRight className="size-4" aria-hidden />
          <span className="text-foreground">{`Case #${caseNumber}`}</span>
        </nav>
      </div>
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-2xl font-semibold tracking-tight">{caseNumber}</h1>
        <Badge variant={priority === 'high' ? 'destructive' : 'secondary'}>{capitalize(priority)}</Badge>
        <StatusBadge status={row.status} />
        {row.is_violent && (
          <Badge variant="destructive">
            <AlertTriangle className="mr-1 size-3" aria-hidden />
            Violent Flag
          </Badge>
        )}
        <Badge variant="outline">{row.detected_market}</Badge>
        <div className="ml-auto">
          <FieldActButtons
            target={field}
            address={address(row.debtor_address, row.debtor_city, row.debtor_state, row.debtor_zip)}
          />
        </div>
      </header>
      <StopBanner target={field} />
      {cards && (
        <>
          <CaseCards row={cards} />
          <Suspense fallback={null}>
            <TimelineCard target={{ subject: 'case', caseId: String(cards.case_id) }} version={cards.updated_at} />
          </Suspense>
        </>
      )}
    </main>
  )
}
