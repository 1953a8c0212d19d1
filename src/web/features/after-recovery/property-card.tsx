import { Package } from 'lucide-react'
import { Link } from 'react-router'
import { canOpenScreen } from '../../../domain/auth/permissions'
import type { Screen } from '../../../domain/auth/screens'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { cn } from '../../lib/utils'
import { useMe } from '../auth/session'
import type { ReportTarget } from '../condition-reports/api'
import { InventoryForm } from './inventory-form'
import { usePropertyDetail } from './property/api'
import { PropertyDetailBody } from './property/detail'

/** Those who handle a recovered vehicle's personal property (the server's own list). */
const PROPERTY_SCREENS: Screen[] = ['Property Redemptions', 'Lot Manager', 'Management Dashboard']

const caseHref = (target: ReportTarget) =>
  target.subject === 'order' ? `/order/${target.orderId}` : `/cases/${target.caseId}`

function PropertyBody({ target }: { target: ReportTarget }) {
  const found = usePropertyDetail(target)
  if (found.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (found.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {found.error.message}
      </p>
    )
  if (found.data.inventory) return <PropertyDetailBody target={target} data={found.data} />
  if (!found.data.case.recovered) {
    return <p className="text-sm text-muted-foreground">Property is inventoried once the vehicle is recovered.</p>
  }
  return <InventoryForm target={target} />
}

function CaseLabel({ target }: { target: ReportTarget }) {
  const found = usePropertyDetail(target)
  return (
    <CardDescription className="flex flex-wrap items-center gap-x-3">
      {found.data?.case.label && <span>{found.data.case.label}</span>}
      <Link to={caseHref(target)} className="text-primary underline-offset-4 hover:underline">
        Open the case
      </Link>
    </CardDescription>
  )
}

/** From a case's detail to its property on the Property Redemptions screen, for those who may open it. */
function ScreenLink({ target }: { target: ReportTarget }) {
  const found = usePropertyDetail(target)
  if (!found.data?.inventory || found.data.inventory.noProperty) return null
  const search = target.subject === 'order' ? `order=${target.orderId}` : `case=${target.caseId}`
  return (
    <CardDescription>
      <Link
        to={`/dashboard/property-redemptions?${search}`}
        className="text-primary underline-offset-4 hover:underline"
      >
        Open in Property Redemptions
      </Link>
    </CardDescription>
  )
}

/**
 * The personal property found in a recovered vehicle: on a case's detail, and as the detail of
 * the Property Redemptions screen (`caseLink`: with the case it belongs to).
 */
export function PropertyCard({
  target,
  className,
  caseLink = false,
}: {
  target: ReportTarget
  className?: string
  caseLink?: boolean
}) {
  const role = useMe().data?.profile.role
  if (!role || !PROPERTY_SCREENS.some((screen) => canOpenScreen(role, screen))) return null
  return (
    <Card data-testid="property-card" className={cn(className)}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Package className="size-4" aria-hidden />
          Personal Property
        </CardTitle>
        {caseLink ? (
          <CaseLabel target={target} />
        ) : (
          canOpenScreen(role, 'Property Redemptions') && <ScreenLink target={target} />
        )}
      </CardHeader>
      <CardContent>
        <PropertyBody target={target} />
      </CardContent>
    </Card>
  )
}
