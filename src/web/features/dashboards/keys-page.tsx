import { KEY_JOB_LABELS, nextKeyJobState } from '../../../domain/dashboards/key-jobs'
import { formatCaseDate } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import { ExportMenu } from '../../components/export-menu'
import { Button } from '../../components/ui/button'
import { notify } from '../../components/ui/toaster'
import { type KeysDashboard, useKeysDashboard, useSetKeyJob } from './api'
import { DashboardPage, ListedOf, Section, useListLimit } from './dashboard-parts'
import { RedemptionLinks } from './redemption-links'
import { WorkItemList } from './work-item-list'

type Vehicle = KeysDashboard['vehicles'][number]

/** /dashboard/key-manager and /dashboard/locksmith: repossessed vehicles without keys, by key type, and each locksmith job. */
export function KeysPage({ title }: { title: string }) {
  const { limit, showMore } = useListLimit()
  const query = useKeysDashboard(limit)
  return (
    <DashboardPage
      title={title}
      description="Repossessed vehicles without keys, by key type."
      query={query}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <RedemptionLinks />
          <ExportMenu list="keys-vehicles" title="vehicles without keys" />
        </div>
      }
    >
      {(data) => (
        <>
          <Keys data={data} />
          <ListedOf
            listed={data.vehicles.length}
            total={data.total}
            loading={query.isPlaceholderData}
            onMore={showMore}
          />
        </>
      )}
    </DashboardPage>
  )
}

function Keys({ data }: { data: KeysDashboard }) {
  const groups = new Map<string, Vehicle[]>()
  for (const vehicle of data.vehicles) {
    const type = vehicle.keyType ?? 'Key type unknown'
    groups.set(type, [...(groups.get(type) ?? []), vehicle])
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground" data-testid="keys-total">
        {`${formatWhole(data.total)} repossessed ${data.total === 1 ? 'vehicle' : 'vehicles'} without keys`}
      </p>
      {groups.size === 0 && (
        <Section title="Without keys">
          <WorkItemList items={[]} empty="Every repossessed vehicle has its keys." />
        </Section>
      )}
      {[...groups.entries()].map(([type, vehicles]) => (
        <Section key={type} title={`${type} (${vehicles.length})`}>
          <WorkItemList items={vehicles} showAddress={false} empty="None." extra={(item) => <JobStep item={item} />} />
        </Section>
      ))}
    </div>
  )
}

function JobStep({ item }: { item: Vehicle }) {
  const setJob = useSetKeyJob()
  const next = nextKeyJobState(item.jobState)
  return (
    <div className="flex items-center gap-2 sm:flex-col sm:items-end">
      <span>
        {KEY_JOB_LABELS[item.jobState ?? 'needed']}
        {item.recoveryDate && (
          <span className="text-muted-foreground">{` · recovered ${formatCaseDate(item.recoveryDate)}`}</span>
        )}
      </span>
      {next && (
        <Button
          size="sm"
          variant="outline"
          disabled={setJob.isPending}
          aria-label={`Mark ${KEY_JOB_LABELS[next].toLowerCase()}: ${item.number}`}
          onClick={() =>
            setJob.mutate(
              { orderId: item.id, state: next },
              {
                onError: (error) => notify.error({ title: 'Failed to update the key job', description: error.message }),
              },
            )
          }
        >
          {`Mark ${KEY_JOB_LABELS[next].toLowerCase()}`}
        </Button>
      )}
    </div>
  )
}
