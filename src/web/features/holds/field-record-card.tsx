import { hasFieldAccess } from '../../../domain/auth/roles'
import { formatDateTime } from '../../../domain/formats/dates'
import { YIELD_REASONS, type YieldReason } from '../../../domain/holds/on-hook'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { cn } from '../../lib/utils'
import { useMe } from '../auth/session'
import { type CaseHold, type FieldCaseTarget, type RecoveryAct, useFieldRecord } from './api'
import { CorrectActButton } from './correct-act'
import { OnHookButton } from './on-hook-dialog'
import { YieldButton } from './yield-dialog'

/**
 * A case page's field actions: On-Hook and Yield for those who may record them, while the case is
 * neither stopped nor already recovered (a stopped case shows its banner instead).
 */
export function FieldActButtons({ target, address }: { target: FieldCaseTarget; address: string | null }) {
  const record = useFieldRecord(target)
  const data = record.data
  if (!data?.canRecord || data.stopped) return null
  return (
    <div className="flex flex-wrap gap-2">
      {data.status !== 'Repossessed' && <OnHookButton target={target} address={address} />}
      <YieldButton target={target} address={address} />
    </div>
  )
}

const actName = (act: RecoveryAct) => (act.kind === 'on_hook' ? 'On-Hook' : 'Yield')

function ActRow({ act, target, mayCorrect }: { act: RecoveryAct; target: FieldCaseTarget; mayCorrect: boolean }) {
  const label = `${actName(act)} of ${formatDateTime(act.recorded_at)}`
  const details = [
    act.yield_reason ? (YIELD_REASONS[act.yield_reason as YieldReason] ?? act.yield_reason) : null,
    act.address,
    act.latitude !== null && act.longitude !== null
      ? `GPS ${act.latitude.toFixed(5)}, ${act.longitude.toFixed(5)}${act.accuracy_m !== null ? ` ±${Math.round(act.accuracy_m)} m` : ''}`
      : null,
    act.distance,
    act.note,
  ].filter(Boolean)
  return (
    <li className="flex items-start gap-3 py-2" data-testid="recovery-act">
      {act.photo_file_id && (
        <a href={`/api/files/${act.photo_file_id}`} target="_blank" rel="noreferrer" className="shrink-0">
          <img
            src={`/api/files/${act.photo_file_id}/thumbnail`}
            alt={`The vehicle at the ${actName(act)}`}
            className="size-16 rounded-md object-cover"
          />
        </a>
      )}
      <div className="min-w-0 flex-1 space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{act.corrects_id ? `${actName(act)} correction` : actName(act)}</span>
          <time dateTime={act.recorded_at}>{formatDateTime(act.recorded_at)}</time>
          {act.recorded_by && <span className="text-muted-foreground">{`by ${act.recorded_by}`}</span>}
        </p>
        {act.correction_reason && <p>{`Reason: ${act.correction_reason}`}</p>}
        {details.length > 0 && <p className="break-words text-muted-foreground">{details.join(' · ')}</p>}
      </div>
      {mayCorrect && !act.corrects_id && <CorrectActButton target={target} act={act} label={label} />}
    </li>
  )
}

function HoldRow({ hold }: { hold: CaseHold }) {
  return (
    <li className="space-y-0.5 py-2 text-sm" data-testid="case-hold">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant={hold.lifted_at ? 'outline' : 'destructive'}>{hold.status}</Badge>
        <span>{hold.lifted_at ? 'Lifted' : 'In force'}</span>
        {hold.arrived_after_recovery && <Badge variant="destructive">Arrived after recovery</Badge>}
      </p>
      {hold.reason && <p>{`Reason: ${hold.reason}`}</p>}
      <p className="text-muted-foreground">
        {[
          `Placed ${formatDateTime(hold.placed_at)}`,
          hold.placed_by ? `by ${hold.placed_by}` : `by the ${hold.source === 'person' ? 'office' : hold.source}`,
          hold.lifted_at ? `lifted ${formatDateTime(hold.lifted_at)}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </li>
  )
}

/** 'Field record': the case's On-Hooks and Yields (with their corrections) and its holds, newest hold first. */
export function FieldRecordCard({ target, className }: { target: FieldCaseTarget; className?: string }) {
  const record = useFieldRecord(target)
  const me = useMe()
  const mayCorrect = Boolean(record.data?.canRecord) && hasFieldAccess(me.data?.profile.role)
  return (
    <Card className={cn(className)}>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Field record</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {record.isPending ? (
          <p className="text-sm text-muted-foreground">Loading field record...</p>
        ) : record.isError ? (
          <div className="space-y-2 text-sm">
            <p className="text-destructive">{record.error.message || 'Could not load the field record.'}</p>
            <Button variant="outline" size="sm" onClick={() => void record.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <section aria-label="On-Hook and Yield">
              <h3 className="text-sm font-medium">On-Hook and Yield</h3>
              {record.data.acts.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing recorded from the field yet.</p>
              ) : (
                <ul className="divide-y">
                  {record.data.acts.map((act) => (
                    <ActRow key={act.id} act={act} target={target} mayCorrect={mayCorrect} />
                  ))}
                </ul>
              )}
            </section>
            <section aria-label="Holds">
              <h3 className="text-sm font-medium">Holds</h3>
              {record.data.holds.length === 0 ? (
                <p className="text-sm text-muted-foreground">No holds.</p>
              ) : (
                <ul className="divide-y">
                  {record.data.holds.map((hold) => (
                    <HoldRow key={hold.id} hold={hold} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  )
}
