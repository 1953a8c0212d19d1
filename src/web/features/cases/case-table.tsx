import type { CaseListQuery, CaseSortColumn } from '../../../domain/cases/case-list-query'
import { formatCaseDate } from '../../../domain/formats/dates'
import { LinkedRow, ListTable, useRowOpener } from '../../components/list-table'
import { SortableHeaders } from '../../components/sortable-header'
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
}

export function CaseTable({ rows, query, update }: Props) {
  const opener = useRowOpener()
  return (
    <ListTable headers={<SortableHeaders columns={COLUMNS} query={query} update={update} />}>
      {rows.map((row) => (
        <LinkedRow key={row.id} opener={opener} to={`/cases/${row.case_id}`} label={row.order_number} testId="case-row">
          <td className="px-3 py-2">{row.debtor_name ?? '-'}</td>
          <td className="px-3 py-2">{[row.year, row.make, row.model].filter(Boolean).join(' ') || '-'}</td>
          <td className="hidden px-3 py-2 font-mono text-xs lg:table-cell">{row.vin ?? '-'}</td>
          <td className="px-3 py-2">
            <StatusBadge status={row.status} />
          </td>
          <td className="hidden px-3 py-2 md:table-cell">{row.detected_market}</td>
          <td className="hidden px-3 py-2 xl:table-cell">{row.client}</td>
          <td className="whitespace-nowrap px-3 py-2">{formatCaseDate(row.order_date)}</td>
        </LinkedRow>
      ))}
    </ListTable>
  )
}
