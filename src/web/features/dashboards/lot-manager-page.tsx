import { formatWhole } from '../../../domain/formats/numbers'
import { ExportMenu } from '../../components/export-menu'
import { localToday } from '../../lib/local-day'
import { type LotDashboard, useLotDashboard } from './api'
import { DashboardPage, FigureTile, ListedOf, Section, useListLimit } from './dashboard-parts'
import { RedemptionLinks } from './redemption-links'
import { WorkItemList } from './work-item-list'

/** /dashboard/lot-manager: repossessed vehicles by storage lot, longest in storage first, keys or not. */
export function LotManagerPage() {
  const { limit, showMore } = useListLimit()
  const query = useLotDashboard(limit)
  return (
    <DashboardPage
      title="Lot Manager"
      description="Repossessed vehicles by storage lot."
      query={query}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <RedemptionLinks />
          <ExportMenu list="lot-vehicles" query={{ today: localToday() }} title="vehicles in storage" />
        </div>
      }
    >
      {(data) => (
        <>
          <Lots data={data} />
          <ListedOf
            listed={data.vehicles.length}
            total={data.vehiclesTotal}
            loading={query.isPlaceholderData}
            onMore={showMore}
          />
        </>
      )}
    </DashboardPage>
  )
}

const keysText = (keys: boolean | null) => (keys === null ? 'Keys unknown' : keys ? 'Keys obtained' : 'No keys')

function Lots({ data }: { data: LotDashboard }) {
  const groups = new Map<string, LotDashboard['vehicles']>()
  for (const vehicle of data.vehicles) groups.set(vehicle.lot, [...(groups.get(vehicle.lot) ?? []), vehicle])
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <FigureTile label="Repossessed cases" {...data.repossessedCases} />
        <FigureTile label="Repossessed orders" count={data.repossessedOrders} />
        {data.lots.slice(0, 2).map((lot) => (
          <FigureTile key={lot.lot} label={lot.lot} count={lot.count} hint="RDN cases" />
        ))}
      </div>
      {groups.size === 0 && (
        <Section title="Vehicles in storage">
          <WorkItemList items={[]} empty="No repossessed vehicles in storage." />
        </Section>
      )}
      {[...groups.entries()].map(([lot, vehicles]) => (
        <Section key={lot} title={`${lot} (${formatWhole(vehicles.length)})`}>
          <WorkItemList
            testId={`lot-${lot}`}
            items={vehicles}
            showAddress={false}
            empty="None."
            extra={(item) => (
              <span className="flex gap-3 sm:flex-col sm:gap-0">
                <span className="tabular-nums">
                  {item.daysInStorage === null ? 'Days unknown' : `${item.daysInStorage} days in storage`}
                </span>
                <span className={item.keysObtained === false ? 'text-destructive' : 'text-muted-foreground'}>
                  {keysText(item.keysObtained)}
                </span>
              </span>
            )}
          />
        </Section>
      ))}
    </div>
  )
}
