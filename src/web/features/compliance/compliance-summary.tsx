import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { numberFormat } from '../dashboards/dashboard-parts'
import { useDocuments } from './api'
import { requestStatus } from './signature-requests-list'

function Figure({ label, value, onClick }: { label: string; value: number | undefined; onClick?: () => void }) {
  const shown = value === undefined ? '...' : numberFormat.format(value)
  const tile = (
    <Card className={onClick ? 'h-full transition-colors hover:bg-muted/50' : 'h-full'}>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-semibold tabular-nums" data-testid={`figure-${label}`}>
          {shown}
        </p>
      </CardContent>
    </Card>
  )
  if (!onClick) return tile
  return (
    <button type="button" onClick={onClick} aria-label={`${label}: ${shown}`} className="block text-left">
      {tile}
    </button>
  )
}

/** The compliance manager's day at a glance: documents about to lapse (a click lists them) and signatures still awaited. */
export function ComplianceSummary({ onShowExpiring }: { onShowExpiring: () => void }) {
  const all = useDocuments({ status: '', expiringSoon: false })
  const expiring = useDocuments({ status: '', expiringSoon: true })
  const awaiting = all.data
    ?.flatMap((document) => document.requests)
    .filter((request) => requestStatus(request) === 'pending')
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <Figure label="Expiring within 30 days" value={expiring.data?.length} onClick={onShowExpiring} />
      <Figure label="Unsigned signature requests" value={awaiting?.length} />
    </div>
  )
}
