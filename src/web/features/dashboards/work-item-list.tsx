import { MapPin } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import type { WorkItem } from '../../../domain/dashboards/work-item'
import { CopyButton } from '../../components/copy-button'
import { StatusBadge } from '../../components/status-badge'
import { Button } from '../../components/ui/button'
import { openInMaps } from '../../lib/open-in-maps'
import { EmptyText } from './dashboard-parts'

/** An address with its two actions: open in maps, copy. */
export function AddressActions({ address }: { address: string | null }) {
  if (!address) return <span className="text-muted-foreground">-</span>
  return (
    <span className="inline-flex items-center gap-1">
      <span>{address}</span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={`Open ${address} in Maps`}
        onClick={() => openInMaps(address)}
      >
        <MapPin aria-hidden />
      </Button>
      <CopyButton value={address} label="address" />
    </span>
  )
}

/** Rows shown at first, and added by each 'Show more': a day's list, not a phone-long scroll. */
const PAGE = 25

/**
 * Vehicles to work, one card-like row each (readable on a phone): the case or order number
 * linking to its detail, the vehicle, plate, debtor, where to look, and whatever the dashboard adds.
 */
export function WorkItemList<Item extends WorkItem>({
  items,
  empty,
  extra,
  showAddress = true,
  testId,
}: {
  items: Item[]
  empty: string
  extra?: (item: Item) => ReactNode
  showAddress?: boolean
  testId?: string
}) {
  const [shown, setShown] = useState(PAGE)
  if (items.length === 0) return <EmptyText>{empty}</EmptyText>
  const hidden = items.length - shown
  return (
    <>
      <ul className="divide-y" data-testid={testId}>
        {items.slice(0, shown).map((item) => (
          <li
            key={`${item.kind}-${item.id}`}
            className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0 space-y-0.5">
              <div className="flex flex-wrap items-center gap-2">
                <Link to={item.href} className="font-medium text-primary underline-offset-4 hover:underline">
                  {item.number}
                </Link>
                <StatusBadge status={item.status} />
                <span className="text-xs text-muted-foreground">{item.kind === 'case' ? 'RDN case' : 'Order'}</span>
              </div>
              <p className="text-sm">
                {[item.vehicle, item.color, item.plate].filter(Boolean).join(' · ')}
                {item.debtor && <span className="text-muted-foreground">{` · ${item.debtor}`}</span>}
              </p>
              {showAddress && (
                <p className="text-sm text-muted-foreground">
                  <AddressActions address={item.address} />
                </p>
              )}
            </div>
            {extra && <div className="shrink-0 text-sm sm:text-right">{extra(item)}</div>}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <Button variant="outline" size="sm" className="mt-2 w-full" onClick={() => setShown(shown + PAGE)}>
          {`Show ${Math.min(hidden, PAGE)} more of ${hidden}`}
        </Button>
      )}
    </>
  )
}
