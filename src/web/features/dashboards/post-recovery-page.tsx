import { Link } from 'react-router'
import type { POST_RECOVERY_SECTIONS } from '../../../domain/exports/dashboard-lists'
import { formatCaseDate } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import { ExportMenu } from '../../components/export-menu'
import { type PostRecoveryDashboard, usePostRecoveryDashboard } from './api'
import { caseListHref, DashboardPage, FigureTile, Section } from './dashboard-parts'
import { RedemptionLinks } from './redemption-links'
import { WorkItemList } from './work-item-list'

/** /dashboard/post-recovery-manager: repossessed and pending-close cases, and redemptions under way. */
export function PostRecoveryPage() {
  return (
    <DashboardPage
      title="Post Recovery Manager"
      description="Repossessed and pending-close cases, and redemptions in progress."
      query={usePostRecoveryDashboard()}
      actions={<RedemptionLinks />}
    >
      {(data) => <PostRecovery data={data} />}
    </DashboardPage>
  )
}

type Figure = PostRecoveryDashboard['redemptions']

function CaseSection({
  title,
  figure,
  empty,
  section,
}: {
  title: string
  figure: Figure
  empty: string
  section: (typeof POST_RECOVERY_SECTIONS)[number]
}) {
  const more = figure.filters && figure.count > figure.cases.length
  return (
    <Section
      title={title}
      action={
        <div className="flex flex-wrap items-center justify-end gap-3">
          {more && figure.filters && (
            <Link className="text-sm text-primary underline-offset-4 hover:underline" to={caseListHref(figure.filters)}>
              {`View all ${formatWhole(figure.count)}`}
            </Link>
          )}
          <ExportMenu list="post-recovery" query={{ section }} title={title} />
        </div>
      }
    >
      <WorkItemList
        items={figure.cases}
        showAddress={false}
        empty={empty}
        extra={(item) => (
          <span className="text-muted-foreground">
            {[item.repoDate && `Repossessed ${formatCaseDate(item.repoDate)}`, item.substatus]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
      />
    </Section>
  )
}

function PostRecovery({ data }: { data: PostRecoveryDashboard }) {
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-3 gap-3">
        <FigureTile label="Repossessed" {...data.repossessed} />
        <FigureTile label="Pending Close" {...data.pendingClose} />
        <FigureTile label="Redemptions in progress" {...data.redemptions} />
      </div>
      <CaseSection
        title="Redemptions in progress"
        figure={data.redemptions}
        empty="No redemptions in progress."
        section="redemptions"
      />
      <CaseSection title="Repossessed" figure={data.repossessed} empty="No repossessed cases." section="repossessed" />
      <CaseSection
        title="Pending Close"
        figure={data.pendingClose}
        empty="No cases pending close."
        section="pending-close"
      />
    </div>
  )
}
