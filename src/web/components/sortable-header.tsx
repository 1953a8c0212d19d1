import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'

type Props = {
  label: string
  /** This column is the list's sort. */
  active: boolean
  /** The list's sort direction. */
  dir: 'asc' | 'desc'
  /** Sorts by this column: newest/highest first, the other way when it already sorts so. */
  onSort: (dir: 'asc' | 'desc') => void
  className?: string
}

/** A list table's column header that sorts by its column, saying (aria-sort) how the list is sorted. */
export function SortableHeader({ label, active, dir, onSort, className }: Props) {
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown
  return (
    <th
      className={`px-3 py-2 font-medium ${className ?? ''}`}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 hover:text-foreground"
        onClick={() => onSort(active && dir === 'desc' ? 'asc' : 'desc')}
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </th>
  )
}
