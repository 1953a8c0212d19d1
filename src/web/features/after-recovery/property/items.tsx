import { Package } from 'lucide-react'
import { Badge } from '../../../components/ui/badge'
import { cn } from '../../../lib/utils'
import type { PropertyItem } from '../api'

const STATUS_LABEL: Record<string, string> = { held: 'Held', released: 'Released', disposed: 'Disposed' }

export const itemName = (item: PropertyItem) => `${item.quantity} × ${item.description}`

function Thumbnail({ item }: { item: PropertyItem }) {
  if (!item.fileId)
    return (
      <span className="flex size-14 shrink-0 items-center justify-center rounded-md bg-muted" aria-hidden>
        <Package className="size-5 text-muted-foreground" />
      </span>
    )
  return (
    <a href={`/api/files/${item.fileId}`} target="_blank" rel="noreferrer" className="shrink-0">
      <img
        src={`/api/files/${item.fileId}/thumbnail`}
        alt={item.description}
        className="size-14 rounded-md bg-muted object-cover"
      />
    </a>
  )
}

/**
 * The items found, each with its photo and status; held ones get a checkbox when they may be
 * released or disposed of (`selected`, `onToggle`).
 */
export function ItemList({
  items,
  selected,
  onToggle,
}: {
  items: PropertyItem[]
  selected?: Set<string>
  onToggle?: (id: string) => void
}) {
  return (
    <ul className="divide-y rounded-md border" aria-label="Property items">
      {items.map((item) => {
        const checkId = `property-select-${item.id}`
        const selectable = onToggle && item.status === 'held'
        return (
          <li key={item.id} className="flex gap-3 p-3 text-sm" data-testid="property-item">
            {selectable && (
              <input
                id={checkId}
                type="checkbox"
                className="mt-1 size-5 shrink-0"
                checked={selected?.has(item.id) ?? false}
                onChange={() => onToggle(item.id)}
                aria-label={`Select ${item.description}`}
              />
            )}
            <Thumbnail item={item} />
            <div className="min-w-0 flex-1 space-y-1">
              <p className="flex flex-wrap items-start justify-between gap-x-2 font-medium">
                <span>
                  {itemName(item)} <span className="font-normal text-muted-foreground">({item.category})</span>
                </span>
                <Badge
                  variant={item.status === 'held' ? 'secondary' : 'outline'}
                  className={cn(item.status === 'released' && 'border-green-600 text-green-700 dark:text-green-400')}
                  data-testid="property-item-status"
                >
                  {STATUS_LABEL[item.status] ?? item.status}
                </Badge>
              </p>
              <p className="text-muted-foreground">
                {[
                  item.containerLabel && `Container ${item.containerLabel}`,
                  item.lotPlace && `at ${item.lotPlace}`,
                  item.disposition && `Disposition: ${item.disposition}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
