import { useState } from 'react'
import { Link } from 'react-router'
import { formatDateTime } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import { ExportMenu } from '../../components/export-menu'
import { ListLoadError, ListNotice } from '../../components/list-table'
import { Button } from '../../components/ui/button'
import { type ManagementDashboard, useHoldReceipts, useOpenHolds } from './api'
import { EmptyText, Section } from './dashboard-parts'

const tableClass =
  'w-full text-sm [&_td]:p-2 [&_th]:p-2 [&_th]:text-left [&_th]:font-medium [&_th]:text-muted-foreground'

type AfterHold = ManagementDashboard['recoveriesAfterHold']
type Listed = AfterHold['exceptions'][number]

/** Who placed a hold and how: 'Jane Doe', else the source ('sync', 'import'). */
const placedBy = (row: { placedBy: string | null; source: string }) => row.placedBy ?? `the ${row.source}`

function HoldTimes({ rows, testId }: { rows: Listed[]; testId: string }) {
  return (
    <div className="overflow-x-auto">
      <table className={tableClass} data-testid={testId}>
        <thead>
          <tr>
            <th>Case</th>
            <th>Client</th>
            <th>Hold placed</th>
            <th>By</th>
            <th>Reason</th>
            <th>Recovered</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.holdId} className="border-t">
              <td>
                <Link className="text-primary underline-offset-4 hover:underline" to={row.href}>
                  {row.caseNumber ?? 'Case'}
                </Link>
              </td>
              <td>{row.client ?? '-'}</td>
              <td>{formatDateTime(row.placedAt)}</td>
              <td>{placedBy(row)}</td>
              <td>{row.reason ?? '-'}</td>
              <td>{formatDateTime(row.recoveredAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Recoveries that came while a hold was in place (expected none), per client and month, and holds that came after a recovery. */
export function RecoveriesAfterHoldSection({ figure }: { figure: AfterHold }) {
  return (
    <Section
      title="Recoveries after a hold"
      action={<ExportMenu list="management-recoveries-after-hold" title="recoveries after a hold" />}
    >
      <div className="space-y-4">
        <p className="text-sm" data-testid="recoveries-after-hold">
          {`This month: ${formatWhole(figure.thisMonth)}. Since ${figure.since}: ${formatWhole(figure.total)} (expected 0).`}
        </p>
        {figure.byClientMonth.length > 0 && (
          <table className={tableClass}>
            <thead>
              <tr>
                <th>Client</th>
                <th>Month</th>
                <th className="text-right">Recovered after a hold</th>
              </tr>
            </thead>
            <tbody>
              {figure.byClientMonth.map((row) => (
                <tr key={`${row.client}-${row.month}`} className="border-t">
                  <td>{row.client ?? 'No client'}</td>
                  <td>{row.month}</td>
                  <td className="text-right">{formatWhole(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {figure.exceptions.length > 0 && <HoldTimes rows={figure.exceptions} testId="recovered-after-hold" />}
        <h3 className="text-sm font-medium">Holds that arrived after a recovery (tell the client)</h3>
        {figure.arrivedAfterRecovery.length === 0 ? (
          <EmptyText>No hold arrived after a recovery.</EmptyText>
        ) : (
          <HoldTimes rows={figure.arrivedAfterRecovery} testId="arrived-after-recovery" />
        )}
      </div>
    </Section>
  )
}

/** The holds in place and who has not yet seen each; a hold opens its receipts. */
export function HoldReceiptsSection() {
  const query = useOpenHolds()
  const [open, setOpen] = useState<string | null>(null)
  return (
    <Section title="Holds: who has seen them">
      {query.isPending && <ListNotice>Loading holds...</ListNotice>}
      {query.isError && (
        <ListLoadError message={`Failed to load the holds: ${query.error.message}`} onRetry={() => query.refetch()} />
      )}
      {query.data?.holds.length === 0 && <EmptyText>No case is on hold.</EmptyText>}
      {query.data && query.data.holds.length > 0 && (
        <div className="overflow-x-auto">
          <table className={tableClass} data-testid="open-holds">
            <thead>
              <tr>
                <th>Case</th>
                <th>Hold</th>
                <th>Placed</th>
                <th className="text-right">Told</th>
                <th className="text-right">Not yet seen</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {query.data.holds.map((hold) => (
                <tr key={hold.id} className="border-t align-top">
                  <td>
                    <Link className="text-primary underline-offset-4 hover:underline" to={hold.href}>
                      {hold.caseNumber ?? 'Case'}
                    </Link>
                  </td>
                  <td>
                    {hold.arrivedAfterRecovery ? `${hold.status} (arrived after recovery)` : hold.status}
                    {hold.reason && <span className="block text-muted-foreground">{hold.reason}</span>}
                  </td>
                  <td>{`${formatDateTime(hold.placedAt)} by ${placedBy(hold)}`}</td>
                  <td className="text-right">{formatWhole(hold.told)}</td>
                  <td className={hold.notSeen > 0 ? 'text-right font-medium text-destructive' : 'text-right'}>
                    {formatWhole(hold.notSeen)}
                  </td>
                  <td>
                    <Button variant="outline" size="sm" onClick={() => setOpen(open === hold.id ? null : hold.id)}>
                      {open === hold.id ? 'Hide' : 'Who'}
                    </Button>
                    {open === hold.id && <Receipts holdId={hold.id} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  )
}

function Receipts({ holdId }: { holdId: string }) {
  const query = useHoldReceipts(holdId)
  if (query.isPending) return <ListNotice>Loading receipts...</ListNotice>
  if (query.isError)
    return (
      <ListLoadError message={`Failed to load the receipts: ${query.error.message}`} onRetry={() => query.refetch()} />
    )
  if (query.data.receipts.length === 0) return <EmptyText>Nobody was told of this hold.</EmptyText>
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="hold-receipts">
      {query.data.receipts.map((receipt) => (
        <li key={receipt.profileId}>
          <span className="font-medium">{receipt.name}</span>{' '}
          <span className="text-muted-foreground">
            {receipt.readAt
              ? `read ${formatDateTime(receipt.readAt)}`
              : receipt.deliveredAt
                ? `on screen ${formatDateTime(receipt.deliveredAt)}, not read`
                : 'not yet seen'}
          </span>
        </li>
      ))}
    </ul>
  )
}
