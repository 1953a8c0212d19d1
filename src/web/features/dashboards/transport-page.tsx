import { ArrowRight } from 'lucide-react'
import { ExportMenu } from '../../components/export-menu'
import { type TransportDashboard, useTransportDashboard } from './api'
import { DashboardPage, FigureTile, ListedOf, Section, useListLimit } from './dashboard-parts'
import { RedemptionLinks } from './redemption-links'
import { TransportMovesSection } from './transport-moves-section'
import { WorkItemList } from './work-item-list'

const MOVES = ['Direct Drop', 'Auction', 'Transfer'] as const

/** /dashboard/transport-manager: vehicles to move, from where to where. */
export function TransportPage() {
  const { limit, showMore } = useListLimit()
  const query = useTransportDashboard(limit)
  return (
    <DashboardPage
      title="Transport Manager"
      description="Vehicles to move, from where to where."
      query={query}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <RedemptionLinks />
          <ExportMenu list="transport-moves" title="moves" />
        </div>
      }
    >
      {(data) => (
        <>
          <TransportMovesSection />
          <Transport data={data} />
          <ListedOf
            listed={data.moves.length}
            total={data.movesTotal}
            loading={query.isPlaceholderData}
            onMore={showMore}
          />
        </>
      )}
    </DashboardPage>
  )
}

function Transport({ data }: { data: TransportDashboard }) {
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-3 gap-3">
        <FigureTile label="Direct Drop" count={data.directDrops} hint="RDN cases" />
        <FigureTile label="Auction" {...data.auctionCases} hint="RDN cases" />
        <FigureTile label="Office Transfer" {...data.transferCases} hint="RDN cases" />
      </div>
      {MOVES.map((move) => (
        <Section key={move} title={move}>
          <WorkItemList
            testId={`moves-${move}`}
            items={data.moves.filter((item) => item.move === move)}
            showAddress={false}
            empty="Nothing to move."
            extra={(item) => (
              <span className="inline-flex flex-wrap items-center gap-1">
                <span>{item.from ?? 'Unknown'}</span>
                <ArrowRight className="size-4 text-muted-foreground" aria-label="to" />
                <span>{item.to ?? 'Unknown'}</span>
              </span>
            )}
          />
        </Section>
      ))}
    </div>
  )
}
