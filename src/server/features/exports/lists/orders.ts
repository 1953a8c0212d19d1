import { orderListQuerySchema } from '../../../../domain/orders/order-list-query'
import { defineExportList } from '../list-definition'
import { orderListBatches } from '../sources/orders'

/** Order Management's Orders list (GET /api/orders-list): its filters, search and sort. */
export const ordersExport = defineExportList({
  name: 'orders',
  title: 'Orders',
  screen: 'Order Management',
  query: orderListQuerySchema,
  rows: ({ deps, viewer, query, batchSize }) => orderListBatches(deps.db, viewer.companyId, query, batchSize),
  columns: [
    { header: 'Case Number', type: 'text', value: (row) => row.case_number },
    { header: 'Order Number', type: 'text', value: (row) => row.order_number },
    { header: 'Borrower', type: 'text', value: (row) => row.borrower_name, width: 24 },
    { header: 'Year', type: 'number', value: (row) => row.year, width: 8 },
    { header: 'Make', type: 'text', value: (row) => row.make },
    { header: 'Model', type: 'text', value: (row) => row.model },
    { header: 'VIN', type: 'text', value: (row) => row.vin, width: 20 },
    { header: 'Plate', type: 'text', value: (row) => row.license_plate },
    { header: 'Status', type: 'text', value: (row) => row.status },
    { header: 'Priority', type: 'text', value: (row) => row.priority },
    { header: 'Client', type: 'text', value: (row) => row.client_name, width: 24 },
    { header: 'Client Code', type: 'text', value: (row) => row.client_code },
    { header: 'Market', type: 'text', value: (row) => row.detected_market },
    { header: 'Agent', type: 'text', value: (row) => row.agent_name, width: 20 },
    { header: 'Camera Driver', type: 'text', value: (row) => row.camera_driver_name, width: 20 },
    { header: 'Order Date', type: 'date', value: (row) => row.order_date },
    { header: 'Due Date', type: 'date', value: (row) => row.due_date },
    { header: 'Updated', type: 'timestamp', value: (row) => row.updated_at },
  ],
})
