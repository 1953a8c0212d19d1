import type { CaseListQuery, CaseSortColumn } from '../../../domain/cases/case-list-query'
import { formatCaseDate } from '../../../domain/formats/dates'
import { ListTable, RowLinkCell, useRowOpener } from '../../components/list-table'
import { SortableHeader } from '../../components/sortable-header'
import { StatusBadge } from '../../components/status-badge'
import type { CaseRow } from './api'
import type { UpdateCaseListQuery } from './use-case-list-query'

const COLUMNS: Array<{ label: string; sort: CaseSortColumn; className?: string }> = [
  { label: 'Case #', sort: 'case_number' },
  { label: 'Debtor', sort: 'debtor_name' },
  { label: 'Vehicle', sort: 'make' },
  { label: 'VIN', sort: 'vin', className: 'hidden lg:table-cell' },
  { label: 'Status', sort: 'status' },
  { label: 'Market', sort: 'detected_market', className: 'hidden md:table-cell' },
  { label: 'Lender', sort: 'lender_name', className: 'hidden xl:table-cell' },
  { label: 'Order Date', sort: 'order_date' },
]

type Props = {
  rows: CaseRow[]
  query: CaseListQuery
  update: UpdateCaseListQuery
  /** The list's query string, so Back from a case returns to the same list. */
  search: string
}

export function CaseTable({ rows, query, update, search }: Props) {
  const { state, openRow } = useRowOpener(search)
  const href = (row: CaseRow) => `/cases/${row.case_id}`
  return (
    <ListTable
      headers={COLUMNS.map((column) => (
        <SortableHeader
          key={column.sort}
          label={column.label}
          className={column.className}
          active={query.sort === column.sort}
          dir={query.dir}
          onSort={(dir) => update({ sort: column.sort, dir })}
        />
      ))}
    >
      {rows.map((row) => (
        <tr
          key={row.id}
          data-testid="case-row"
          className="cursor-pointer border-t hover:bg-accent/50 focus-within:bg-accent/50"
          onClick={(event) => openRow(event, href(row))}
        >
          <RowLinkCell to={href(row)} state={state}>
            {row.order_number}
          </RowLinkCell>
          <td className="px-3 py-2">{row.debtor_name ?? '-'}</td>
          <td className="px-3 py-2">{[row.year, row.make, row.model].filter(Boolean).join(' ') || '-'}</td>
          <td className="hidden px-3 py-2 font-mono text-xs lg:table-cell">{row.vin ?? '-'}</td>
          <td className="px-3 py-2">
            <StatusBadge status={row.status} />
          </td>
          <td className="hidden px-3 py-2 md:table-cell">{row.detected_market}</td>
          <td className="hidden px-3 py-2 xl:table-cell">{row.client}</td>
          <td className="whitespace-nowrap px-3 py-2">{formatCaseDate(row.order_date)}</td>
        </tr>
      ))}
    </ListTable>
  )
}
