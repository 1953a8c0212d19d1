import { z } from 'zod'
import type { WorkItem } from '../../../../domain/dashboards/work-item'
import type { ExportValue } from '../../../../domain/exports/cells'
import type { ExportColumn } from '../list-definition'

/** A dashboard list's vehicle as its export writes it: the work item, and what that list adds. */
export type WorkRow = WorkItem & Record<string, ExportValue>

/** The columns every dashboard vehicle list starts with (what its rows show). */
export const WORK_COLUMNS: ExportColumn<WorkRow>[] = [
  { header: 'Type', type: 'text', value: (row) => (row.kind === 'order' ? 'Order' : 'RDN Case'), width: 10 },
  { header: 'Case Number', type: 'text', value: (row) => row.number },
  { header: 'Vehicle', type: 'text', value: (row) => row.vehicle, width: 24 },
  { header: 'Color', type: 'text', value: (row) => row.color },
  { header: 'Plate', type: 'text', value: (row) => row.plate },
  { header: 'VIN', type: 'text', value: (row) => row.vin, width: 20 },
  { header: 'Debtor', type: 'text', value: (row) => row.debtor, width: 24 },
  { header: 'Address', type: 'text', value: (row) => row.address, width: 36 },
  { header: 'Status', type: 'text', value: (row) => row.status },
  { header: 'Market', type: 'text', value: (row) => row.market },
]

export const UPDATED_COLUMN: ExportColumn<WorkRow> = {
  header: 'Updated',
  type: 'timestamp',
  value: (row) => row.updatedAt,
}

/** A column reading one of the extras a list adds to its rows. */
export const extraColumn = (
  header: string,
  key: string,
  type: ExportColumn<WorkRow>['type'],
  width?: number,
): ExportColumn<WorkRow> => ({ header, type, value: (row) => row[key], width })

/** The order date, for the lists whose rows add it as `orderDate`. */
export const ORDER_DATE_COLUMN = extraColumn('Order Date', 'orderDate', 'date')

/** The query of a dashboard list that takes no filters. */
export const noFilters = z.object({})
export type NoFilters = z.infer<typeof noFilters>
