import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { numberFormat } from '../dashboards/dashboard-parts'
import { useDocuments } from './api'
import { requestStatus } from './signature-requests-list'

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-semibold tabular-nums" data-testid={`figure-${label}`}>
          {value === undefined ? '...' : numberFormat.format(value)}
        </p>
      </CardContent>
    </Card>
  )
}

/** The compliance manager's day at a glance: documents about to lapse and signatures still awaited. */
export function ComplianceSummary() {
  const all = useDocuments({ status: '', expiringSoon: false })
  const expiring = useDocuments({ status: '', expiringSoon: true })
  const awaiting = all.data
    ?.flatMap((document) => document.requests)
    .filter((request) => requestStatus(request) === 'pending')
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <Figure label="Expiring within 30 days" value={expiring.data?.length} />
      <Figure label="Unsigned signature requests" value={awaiting?.length} />
    </div>
  )
}
