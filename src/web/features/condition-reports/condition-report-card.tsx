import { ClipboardCheck, FilePlus2, RotateCcw } from 'lucide-react'
import { canOpenScreen } from '../../../domain/auth/permissions'
import type { Screen } from '../../../domain/auth/screens'
import { formatDateTime } from '../../../domain/formats/dates'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { notify } from '../../components/ui/toaster'
import { cn } from '../../lib/utils'
import { useMe } from '../auth/session'
import { type ConditionReport, type ReportTarget, useConditionReports, useStartReport } from './api'
import { ReportForm } from './report-form'
import { ReportSummary } from './report-summary'

/** The screens of those who handle a vehicle once it is recovered (the server's own list). */
const REPORT_SCREENS: Screen[] = ['Lot Manager', 'Post Recovery Manager', 'Management Dashboard', 'Recovery Agent']

function StartButton({ target, amendment }: { target: ReportTarget; amendment: boolean }) {
  const start = useStartReport(target)
  return (
    <Button
      className="w-full sm:w-auto"
      variant={amendment ? 'outline' : 'default'}
      disabled={start.isPending}
      onClick={() => start.mutate(undefined, { onError: notify.failure })}
    >
      {amendment ? <RotateCcw aria-hidden /> : <FilePlus2 aria-hidden />}
      {start.isPending ? 'Starting...' : amendment ? 'Start amendment' : 'Start condition report'}
    </Button>
  )
}

function VersionHeading({ report }: { report: ConditionReport }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="font-medium">Version {report.version}</h3>
      <Badge variant={report.status === 'accepted' ? 'default' : 'secondary'}>
        {report.status === 'accepted' ? 'Accepted' : 'Draft'}
      </Badge>
    </div>
  )
}

function EarlierVersions({ reports }: { reports: ConditionReport[] }) {
  if (reports.length === 0) return null
  return (
    <section className="space-y-2 border-t pt-4" aria-labelledby="report-earlier">
      <h3 id="report-earlier" className="text-sm font-medium">
        Earlier versions
      </h3>
      {reports.map((report) => (
        <details key={report.id} className="rounded-md border p-3" data-testid="earlier-report">
          <summary className="cursor-pointer text-sm">
            Version {report.version}
            {report.acceptedAt && ` · accepted ${formatDateTime(report.acceptedAt)}`}
          </summary>
          <div className="pt-3">
            <ReportSummary report={report} />
          </div>
        </details>
      ))}
    </section>
  )
}

function ConditionReports({ target }: { target: ReportTarget }) {
  const found = useConditionReports(target)
  if (found.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (found.isError) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-destructive">{found.error.message}</p>
        <Button size="sm" variant="outline" onClick={() => void found.refetch()} disabled={found.isFetching}>
          Try again
        </Button>
      </div>
    )
  }
  const { case: subject, requiredSlots, reports } = found.data
  const [current, ...earlier] = reports
  if (!current) {
    if (!subject.recovered) {
      return <p className="text-sm text-muted-foreground">A condition report is taken once the vehicle is recovered.</p>
    }
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">
          No condition report yet: take the {requiredSlots.length} photos, read the odometer, check the keys.
        </p>
        <StartButton target={target} amendment={false} />
      </div>
    )
  }
  return (
    <div className="space-y-4">
      <VersionHeading report={current} />
      {current.status === 'draft' ? (
        <ReportForm key={current.id} target={target} report={current} slots={requiredSlots} />
      ) : (
        <>
          <ReportSummary report={current} />
          {subject.recovered && <StartButton target={target} amendment />}
        </>
      )}
      <EarlierVersions reports={earlier} />
    </div>
  )
}

/** The vehicle's condition report on a case's detail, for those who handle recovered vehicles. */
export function ConditionReportCard({ target, className }: { target: ReportTarget; className?: string }) {
  const role = useMe().data?.profile.role
  // Unknown until the session is read (an unknown role would pass as a recovery agent).
  if (!role || !REPORT_SCREENS.some((screen) => canOpenScreen(role, screen))) return null
  return (
    <Card data-testid="condition-report-card" className={cn(className)}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <ClipboardCheck className="size-4" aria-hidden />
          Condition Report
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ConditionReports target={target} />
      </CardContent>
    </Card>
  )
}
