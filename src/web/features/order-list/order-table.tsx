import type { ReactNode } from 'react'
import { formatCaseDate } from '../../../domain/formats/dates'
import { ORDER_LIST_COLUMNS, type OrderListQuery } from '../../../domain/orders/order-list-query'
import { LinkedRow, ListTable, useRowOpener } from '../../components/list-table'
import { SortableHeaders } from '../../components/sortable-header'
import { StatusBadge } from '../../components/status-badge'
import { Badge } from '../../components/ui/badge'
import type { OrderListRow } from './api'
import type { UpdateOrderListQuery } from './use-order-list-query'

type Props = {
  rows: OrderListRow[]
  query: OrderListQuery
  update: UpdateOrderListQuery
}

type ColumnKey = (typeof ORDER_LIST_COLUMNS)[number]['key']

function PriorityBadge({ priority }: { priority: string }) {
  const urgent = priority === 'high' || priority === 'critical'
  return (
    <Badge variant={urgent ? 'destructive' : priority === 'low' ? 'outline' : 'secondary'}>
      {priority.charAt(0).toUpperCase() + priority.slice(1)}
    </Badge>
  )
}

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : value

/** Each column's cell, by the column's key (the link is the first cell's own). */
const CELLS: Record<Exclude<ColumnKey, 'case_number'>, (row: OrderListRow) => ReactNode> = {
  order_number: (row) => row.order_number,
  borrower_name: (row) => dash(row.borrower_name),
  vehicle: (row) => dash([row.year, row.make, row.model].filter(Boolean).join(' ')),
  vin: (row) => <span className="font-mono text-xs">{dash(row.vin)}</span>,
  license_plate: (row) => dash(row.license_plate),
  status: (row) => <StatusBadge status={row.status} />,
  priority: (row) => <PriorityBadge priority={row.priority} />,
  client_name: (row) => dash(row.client_name),
  detected_market: (row) => row.detected_market || 'Unknown',
  agent_name: (row) => dash(row.agent_name),
  camera_driver_name: (row) => dash(row.camera_driver_name),
  order_date: (row) => formatCaseDate(row.order_date),
  due_date: (row) => formatCaseDate(row.due_date),
}

/** The orders of one page; every header sorts (again: the other way), every row opens its order. */
export function OrderTable({ rows, query, update }: Props) {
  const opener = useRowOpener()
  return (
    <ListTable
      headers={
        <SortableHeaders columns={ORDER_LIST_COLUMNS} query={query} update={update} className="whitespace-nowrap" />
      }
    >
      {rows.map((row) => (
        <LinkedRow
          key={row.id}
          opener={opener}
          to={`/order/${row.id}`}
          label={row.case_number || row.order_number}
          testId="order-row"
        >
          {ORDER_LIST_COLUMNS.slice(1).map((column) => (
            <td key={column.key} className="whitespace-nowrap px-3 py-2">
              {CELLS[column.key as Exclude<ColumnKey, 'case_number'>](row)}
            </td>
          ))}
        </LinkedRow>
      ))}
    </ListTable>
  )
}
