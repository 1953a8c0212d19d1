import { Clock } from 'lucide-react'
import { useMemo } from 'react'
import { OPEN_WORK_MEANING } from '../../../domain/agent-work/open-work'
import { formatCaseDate } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import { greatCircleMiles } from '../../../domain/geo/distance'
import { ExportMenu } from '../../components/export-menu'
import { OnHookButton } from '../holds/on-hook-dialog'
import { MyPayCard } from '../payroll/my-pay-card'
import { type RecoveryAgentDashboard, useRecoveryAgentDashboard } from './api'
import { DashboardPage, Section } from './dashboard-parts'
import { useBrowserPosition } from './use-position'
import { WorkItemList } from './work-item-list'

/** /dashboard/recovery-agent: my open assignments (nearest first when the browser shares where I am), my week and my pay. */
export function RecoveryAgentPage() {
  return (
    <DashboardPage
      title="Recovery Agent"
      description="Your open assignments and what you recovered this week."
      query={useRecoveryAgentDashboard()}
    >
      {(data) => <RecoveryAgent data={data} />}
    </DashboardPage>
  )
}

function RecoveryAgent({ data }: { data: RecoveryAgentDashboard }) {
  const { status, position } = useBrowserPosition()
  const assignments = useMemo(() => {
    const withDistance = data.assignments.map((item) => ({
      ...item,
      miles: position && item.coordinates ? greatCircleMiles(position, item.coordinates) : null,
    }))
    if (!position) return withDistance
    // Nearest first; those without a known place go last.
    return withDistance.sort((a, b) => (a.miles ?? Number.POSITIVE_INFINITY) - (b.miles ?? Number.POSITIVE_INFINITY))
  }, [data.assignments, position])
  const order =
    status === 'shared'
      ? 'Nearest first.'
      : status === 'asking'
        ? 'Finding your location...'
        : 'Share your location to see the nearest first.'
  return (
    <div className="space-y-4">
      <Section
        title={`My open assignments (${formatWhole(data.openCount)})`}
        action={<ExportMenu list="recovery-agent-assignments" title="my open assignments" />}
      >
        <p className="mb-2 text-xs text-muted-foreground">
          {`Orders and RDN cases that are ${OPEN_WORK_MEANING}${data.assignmentsTruncated ? '; the first 200 of each are listed' : ''}. ${order}`}
        </p>
        <WorkItemList
          testId="assignments"
          items={assignments}
          empty="Nothing is assigned to you right now."
          extra={(item) => (
            <span className="flex flex-col gap-0.5 sm:items-end">
              {item.updateDue && (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700 dark:text-amber-400">
                  <Clock aria-hidden className="size-3.5" />
                  Update due
                </span>
              )}
              {item.miles !== null && <span className="tabular-nums">{`${item.miles.toFixed(1)} mi`}</span>}
              {item.status !== 'Repossessed' && (
                <span className="mt-1">
                  <OnHookButton
                    size="sm"
                    address={item.address}
                    target={
                      item.kind === 'order'
                        ? { subject: 'order', orderId: item.id }
                        : { subject: 'case', caseId: item.id }
                    }
                    label={`On-Hook ${item.number}`}
                  />
                </span>
              )}
            </span>
          )}
        />
      </Section>
      <Section
        title={`Recovered this week (${data.recovered.length})`}
        action={
          <ExportMenu
            list="recovery-agent-recovered"
            query={{ today: data.today, offset: new Date().getTimezoneOffset() }}
            title="recovered this week"
          />
        }
      >
        <WorkItemList
          testId="recovered"
          items={data.recovered}
          empty={`Nothing recovered since ${formatCaseDate(data.weekStart)} yet.`}
          showAddress={false}
          extra={(item) => <span className="text-muted-foreground">{formatCaseDate(item.recoveredOn)}</span>}
        />
      </Section>
      <MyPayCard />
    </div>
  )
}
