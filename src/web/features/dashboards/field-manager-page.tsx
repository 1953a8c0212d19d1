import { Link } from 'react-router'
import { formatDateTime } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import { ExportMenu } from '../../components/export-menu'
import { StatusBadge } from '../../components/status-badge'
import { Button } from '../../components/ui/button'
import { type FieldManagerDashboard, useFieldManagerDashboard, useMarkNotificationsRead } from './api'
import { AssignmentControls } from './assignment-controls'
import { CaseCount, DashboardPage, EmptyText, Section } from './dashboard-parts'
import { WorkItemList } from './work-item-list'

/** /dashboard/field-manager: my markets' work by status and agent, the unassigned, and new camera car finds. */
export function FieldManagerPage() {
  return (
    <DashboardPage
      title="Field Manager"
      description="Your markets' open work, who is on it, and what nobody has yet."
      query={useFieldManagerDashboard()}
    >
      {(data) => <FieldManager data={data} />}
    </DashboardPage>
  )
}

function FieldManager({ data }: { data: FieldManagerDashboard }) {
  if (data.noMarket) {
    return (
      <Section title="Your markets">
        <EmptyText>Your profile has no market yet. Ask an administrator to set one.</EmptyText>
      </Section>
    )
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{`Markets: ${data.markets.join(', ') || 'all'}`}</p>
      <Finds finds={data.finds} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Section title="Orders by status">
          <Counts
            rows={data.ordersByStatus.map((row) => ({ ...row, filters: null }))}
            empty="No orders in your markets."
          />
        </Section>
        <Section title="RDN cases by status">
          <Counts rows={data.casesByStatus} empty="No RDN cases in your markets." />
        </Section>
        <Section title="Open orders by agent">
          {data.openByAgent.length === 0 ? (
            <EmptyText>No open orders.</EmptyText>
          ) : (
            <ul className="space-y-1 text-sm">
              {data.openByAgent.map((row) => (
                <li key={row.agentId ?? 'none'} className="flex justify-between">
                  <span>{row.agent}</span>
                  <span className="tabular-nums">{formatWhole(row.count)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <Section
        title={`Unassigned open orders (${formatWhole(data.unassigned.total)})`}
        action={<ExportMenu list="field-manager-unassigned" title="unassigned open orders" />}
      >
        <WorkItemList
          testId="unassigned"
          items={data.unassigned.orders}
          empty="Every open order has an agent."
          extra={(item) => <AssignmentControls item={item} people={data.people} />}
        />
      </Section>
    </div>
  )
}

function Counts({
  rows,
  empty,
}: {
  rows: Array<{ status: string; count: number; filters: { status: string[]; market?: string[] } | null }>
  empty: string
}) {
  if (rows.length === 0) return <EmptyText>{empty}</EmptyText>
  return (
    <ul className="space-y-1 text-sm">
      {rows.map((row) => (
        <li key={row.status} className="flex items-center justify-between">
          <StatusBadge status={row.status} />
          <CaseCount label={row.status} count={row.count} filters={row.filters} />
        </li>
      ))}
    </ul>
  )
}

function Finds({ finds }: { finds: FieldManagerDashboard['finds'] }) {
  const markRead = useMarkNotificationsRead()
  if (finds.length === 0) return null
  return (
    <Section
      title={`New camera car finds (${finds.length})`}
      action={
        <Button
          size="sm"
          variant="outline"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(finds.map((find) => find.id))}
        >
          Mark all read
        </Button>
      }
    >
      <ul className="divide-y text-sm" data-testid="finds">
        {finds.map((find) => (
          <li key={find.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between">
            {find.href ? (
              <Link to={find.href} className="text-primary underline-offset-4 hover:underline">
                {find.message}
              </Link>
            ) : (
              <span>{find.message}</span>
            )}
            <span className="shrink-0 text-muted-foreground">{formatDateTime(find.createdAt)}</span>
          </li>
        ))}
      </ul>
    </Section>
  )
}
