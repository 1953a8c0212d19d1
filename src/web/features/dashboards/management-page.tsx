import { Link } from 'react-router'
import { formatCaseDate } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import { ExportMenu } from '../../components/export-menu'
import { type ManagementDashboard, useManagementDashboard } from './api'
import { CaseCount, caseListHref, DashboardPage, EmptyText, FigureTile, percent, Section } from './dashboard-parts'
import { HoldReceiptsSection, RecoveriesAfterHoldSection } from './holds-sections'
import { RecoveriesChart } from './recoveries-chart'
import { WorkItemList } from './work-item-list'

/** /dashboard/management: the agency's cases at a glance; every number opens the case list it counts. */
export function ManagementPage() {
  return (
    <DashboardPage
      title="Management Dashboard"
      description="The agency's orders and RDN cases today, counted together. A number opens the RDN cases it counts in the case list."
      query={useManagementDashboard()}
    >
      {(data) => <Management data={data} />}
    </DashboardPage>
  )
}

/** What a figure counts: orders and RDN cases together, and how many of each. */
const together = (figure: { orders: number; rdnCases: number }) =>
  `Orders and RDN cases (${formatWhole(figure.orders)} ${figure.orders === 1 ? 'order' : 'orders'}, ${formatWhole(figure.rdnCases)} RDN ${figure.rdnCases === 1 ? 'case' : 'cases'})`

const tableClass =
  'w-full text-sm [&_td]:p-2 [&_th]:p-2 [&_th]:text-left [&_th]:font-medium [&_th]:text-muted-foreground'

function Management({ data }: { data: ManagementDashboard }) {
  const { figures } = data
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <FigureTile label="Open" {...figures.open} hint={together(figures.open)} />
        <FigureTile
          label="Repossessed this week"
          {...figures.repossessedWeek}
          hint={together(figures.repossessedWeek)}
        />
        <FigureTile
          label="Repossessed this month"
          {...figures.repossessedMonth}
          hint={together(figures.repossessedMonth)}
        />
        <FigureTile label="Closed" {...figures.closed} hint={together(figures.closed)} />
        <FigureTile label="On Hold" {...figures.onHold} hint={together(figures.onHold)} />
        <FigureTile
          label="No update for 48 hours"
          count={data.stale.count}
          filters={data.stale.filters}
          hint={together(data.stale)}
        />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <RecoveriesAfterHoldSection figure={data.recoveriesAfterHold} />
        <HoldReceiptsSection />
      </div>
      <Section title="Recoveries by week: orders and RDN cases">
        <RecoveriesChart weeks={data.recoveries} />
      </Section>
      <div className="grid gap-4 xl:grid-cols-2">
        <Section title="By market: orders and RDN cases">
          {data.byMarket.length === 0 ? (
            <EmptyText>No cases yet.</EmptyText>
          ) : (
            <div className="overflow-x-auto">
              <table className={tableClass}>
                <thead>
                  <tr>
                    <th>Market</th>
                    <th className="text-right">Open</th>
                    <th className="text-right">Repossessed this month</th>
                    <th className="text-right">All cases</th>
                  </tr>
                </thead>
                <tbody>
                  {data.byMarket.map((row) => (
                    <tr key={row.market} className="border-t">
                      <td>{row.market}</td>
                      <td className="text-right">
                        <CaseCount label={`Open in ${row.market}`} {...row.open} />
                      </td>
                      <td className="text-right">
                        <CaseCount label={`Repossessed this month in ${row.market}`} {...row.repossessedMonth} />
                      </td>
                      <td className="text-right">
                        <CaseCount label={`All cases in ${row.market}`} {...row.total} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Section>
        <Section title="By client: orders and RDN cases">
          {data.byClient.length === 0 ? (
            <EmptyText>No cases yet.</EmptyText>
          ) : (
            <div className="overflow-x-auto">
              <table className={tableClass}>
                <thead>
                  <tr>
                    <th>Client</th>
                    <th className="text-right">Open</th>
                    <th className="text-right">Cases</th>
                    <th className="text-right">Recovery rate</th>
                  </tr>
                </thead>
                <tbody>
                  {data.byClient.map((row) => (
                    <tr key={row.client} className="border-t">
                      <td>{row.client}</td>
                      <td className="text-right">
                        <CaseCount label={`Open for ${row.client}`} {...row.open} />
                      </td>
                      <td className="text-right">
                        <CaseCount label={`Cases for ${row.client}`} {...row.total} />
                      </td>
                      <td className="text-right">{percent(row.recoveryRate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Section>
      </div>
      <Section title="By agent: orders and RDN cases">
        {data.byAgent.length === 0 ? (
          <EmptyText>No cases are assigned to agents yet.</EmptyText>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <thead>
                <tr>
                  <th>Agent</th>
                  <th className="text-right">Assigned</th>
                  <th className="text-right">Repossessed</th>
                  <th className="text-right">Recovery rate</th>
                  <th className="text-right">Days to recovery</th>
                </tr>
              </thead>
              <tbody>
                {data.byAgent.map((row) => (
                  <tr key={row.profileId ?? row.agent} className="border-t" data-testid="agent-row">
                    <td>{row.agent}</td>
                    <td className="text-right">
                      <CaseCount
                        label={`Assigned to ${row.agent}`}
                        count={row.assigned.count}
                        filters={row.assigned.filters}
                      />
                    </td>
                    <td className="text-right">{formatWhole(row.repossessed)}</td>
                    <td className="text-right">{percent(row.recoveryRate)}</td>
                    <td className="text-right">
                      {row.averageDaysToRecovery === null ? '-' : formatWhole(row.averageDaysToRecovery)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section
        title="No update for more than 48 hours"
        action={
          <div className="flex flex-wrap items-center justify-end gap-3">
            {data.stale.rdnCases > data.stale.cases.length && (
              <Link
                className="text-sm text-primary underline-offset-4 hover:underline"
                to={caseListHref(data.stale.filters)}
              >
                {`View all ${formatWhole(data.stale.rdnCases)} RDN cases`}
              </Link>
            )}
            <ExportMenu list="management-stale" title="cases with no update for more than 48 hours" />
          </div>
        }
      >
        <WorkItemList
          items={data.stale.cases}
          empty="Every open case was updated in the last 48 hours."
          showAddress={false}
          extra={(item) => (
            <span className="text-muted-foreground">{`Last update ${formatCaseDate(item.updatedAt)}`}</span>
          )}
        />
      </Section>
    </div>
  )
}
