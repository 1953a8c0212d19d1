import { FigureTile } from '../dashboards/dashboard-parts'
import { useDocuments } from './api'
import { requestStatus } from './signature-requests-list'

/** The compliance manager's day at a glance: documents about to lapse (a click lists them) and signatures still awaited. */
export function ComplianceSummary({ onShowExpiring }: { onShowExpiring: () => void }) {
  const all = useDocuments({ status: '', expiringSoon: false })
  const expiring = useDocuments({ status: '', expiringSoon: true })
  const awaiting = all.data
    ?.flatMap((document) => document.requests)
    .filter((request) => requestStatus(request) === 'pending')
  return (
    <div className="space-y-2">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <FigureTile label="Expiring within 30 days" count={expiring.data?.length} onSelect={onShowExpiring} />
        <FigureTile label="Unsigned signature requests" count={awaiting?.length} />
      </div>
      {(all.isError || expiring.isError) && (
        <p role="alert" className="text-sm text-destructive">
          {`Failed to load the figures: ${(all.error ?? expiring.error)?.message}`}
        </p>
      )}
    </div>
  )
}
