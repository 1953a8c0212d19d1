import { Package } from 'lucide-react'
import { canOpenScreen } from '../../../domain/auth/permissions'
import type { Screen } from '../../../domain/auth/screens'
import { formatCaseDate, formatDateTime } from '../../../domain/formats/dates'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { cn } from '../../lib/utils'
import { useMe } from '../auth/session'
import type { ReportTarget } from '../condition-reports/api'
import { type CaseProperty, useProperty } from './api'
import { InventoryForm } from './inventory-form'

/** Those who handle a recovered vehicle's personal property (the server's own list). */
const PROPERTY_SCREENS: Screen[] = ['Property Redemptions', 'Lot Manager', 'Management Dashboard']

function InventorySummary({ data }: { data: CaseProperty }) {
  const { inventory, items } = data
  if (!inventory) return null
  return (
    <div className="space-y-3 text-sm">
      {inventory.noProperty ? (
        <p>No personal property found.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Property items">
          {items.map((item) => (
            <li key={item.id} className="space-y-1 p-3" data-testid="property-item">
              <p className="font-medium">
                {item.quantity} × {item.description}{' '}
                <span className="font-normal text-muted-foreground">({item.category})</span>
              </p>
              <p className="text-muted-foreground">
                {[
                  item.containerLabel && `Container ${item.containerLabel}`,
                  item.lotPlace && `at ${item.lotPlace}`,
                  item.disposition && `Disposition: ${item.disposition}`,
                  item.status,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
      {inventory.holdUntil && (
        <p>
          Held until {formatCaseDate(inventory.holdUntil)}
          {inventory.state && ` (${inventory.state})`}
        </p>
      )}
      {inventory.noticeDue && <p>Notice to the debtor due {formatCaseDate(inventory.noticeDue)}</p>}
      <p className="text-muted-foreground">
        Inventoried {inventory.inventoriedAt && formatDateTime(inventory.inventoriedAt)}
        {inventory.inventoriedBy && ` by ${inventory.inventoriedBy}`}
        {inventory.secondPerson && ` with ${inventory.secondPerson}`}
      </p>
    </div>
  )
}

function PropertyBody({ target }: { target: ReportTarget }) {
  const found = useProperty(target)
  if (found.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (found.isError) return <p className="text-sm text-muted-foreground">{found.error.message}</p>
  if (found.data.inventory) return <InventorySummary data={found.data} />
  if (!found.data.case.recovered) {
    return <p className="text-sm text-muted-foreground">Property is inventoried once the vehicle is recovered.</p>
  }
  return <InventoryForm target={target} />
}

/** The personal property found in a recovered vehicle, on a case's detail. */
export function PropertyCard({ target, className }: { target: ReportTarget; className?: string }) {
  const role = useMe().data?.profile.role
  if (!role || !PROPERTY_SCREENS.some((screen) => canOpenScreen(role, screen))) return null
  return (
    <Card data-testid="property-card" className={cn(className)}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Package className="size-4" aria-hidden />
          Personal Property
        </CardTitle>
      </CardHeader>
      <CardContent>
        <PropertyBody target={target} />
      </CardContent>
    </Card>
  )
}
