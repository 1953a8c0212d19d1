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

type SortableColumn<S extends string> = { key?: string; label: string; sort: S; className?: string }

/** A list table's header row: each column sorts the list by itself (`update`). */
export function SortableHeaders<S extends string>(props: {
  columns: readonly SortableColumn<S>[]
  query: { sort: S; dir: 'asc' | 'desc' }
  update: (changes: { sort: S; dir: 'asc' | 'desc' }) => void
  /** Every header's own classes beside each column's. */
  className?: string
}) {
  const { query, update } = props
  return props.columns.map((column) => (
    <SortableHeader
      key={column.key ?? column.sort}
      label={column.label}
      className={[props.className, column.className].filter(Boolean).join(' ')}
      active={query.sort === column.sort}
      dir={query.dir}
      onSort={(dir) => update({ sort: column.sort, dir })}
    />
  ))
}

/** A list table's column header that sorts by its column, saying (aria-sort) how the list is sorted. */
function SortableHeader({ label, active, dir, onSort, className }: Props) {
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
