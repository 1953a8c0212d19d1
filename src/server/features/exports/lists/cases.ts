import { caseListQuerySchema } from '../../../../domain/cases/case-list-query'
import { deriveCaseFields } from '../../../../domain/cases/case-view'
import { findAgentProfiles } from '../../../queries/agent-profiles'
import { mapBatches } from '../keyset'
import { defineExportList } from '../list-definition'
import { caseListBatches } from '../sources/cases'

/** Order Management's RDN Cases list (GET /api/cases): its filters, search and sort; the derived view's columns (SPEC.md section 3). */
export const casesExport = defineExportList({
  name: 'cases',
  title: 'RDN Cases',
  screen: 'Order Management',
  query: caseListQuerySchema,
  rows: ({ deps, viewer, query, batchSize }) =>
    mapBatches(caseListBatches(deps.db, viewer.companyId, query, batchSize), async (rows) => {
      const agentIds = [...new Set(rows.map((row) => row.assigned_agent_id).filter((id): id is string => Boolean(id)))]
      const agents = await findAgentProfiles(deps.db, viewer.companyId, agentIds)
      // The derived fields beside the row, not spread into a copy of it: a case has some sixty
      // columns, and a copy that large per row was most of a million-row export's time and memory.
      return rows.map((row) => ({ row, view: deriveCaseFields(row, agents) }))
    }),
  columns: [
    { header: 'Case ID', type: 'number', value: ({ row }) => Number(row.case_id) },
    { header: 'Case Number', type: 'text', value: ({ row }) => row.case_number },
    { header: 'Order Date', type: 'date', value: ({ row }) => row.order_date },
    { header: 'Status', type: 'text', value: ({ row }) => row.status },
    { header: 'Sub-Status', type: 'text', value: ({ view }) => view.parsed_substatuses.join(' | '), width: 24 },
    { header: 'Priority', type: 'text', value: ({ view }) => view.priority },
    { header: 'Client', type: 'text', value: ({ view }) => view.client, width: 24 },
    { header: 'Debtor', type: 'text', value: ({ view }) => view.debtor_name, width: 24 },
    { header: 'Debtor Phone', type: 'text', value: ({ row }) => row.debtor_phone },
    { header: 'Year', type: 'number', value: ({ row }) => row.year, width: 8 },
    { header: 'Make', type: 'text', value: ({ row }) => row.make },
    { header: 'Model', type: 'text', value: ({ row }) => row.model },
    { header: 'Color', type: 'text', value: ({ row }) => row.color },
    { header: 'VIN', type: 'text', value: ({ row }) => row.vin, width: 20 },
    { header: 'Plate', type: 'text', value: ({ view }) => view.license_plate },
    { header: 'Address', type: 'text', value: ({ view }) => view.last_known_address, width: 28 },
    { header: 'City', type: 'text', value: ({ view }) => view.last_known_city },
    { header: 'State', type: 'text', value: ({ view }) => view.last_known_state, width: 8 },
    { header: 'ZIP', type: 'text', value: ({ view }) => view.last_known_zip, width: 8 },
    { header: 'Market', type: 'text', value: ({ row }) => row.detected_market },
    {
      header: 'Agent',
      type: 'text',
      value: ({ row, view }) => view.assigned_agent?.full_name ?? row.assigned_agent_id,
      width: 20,
    },
    { header: 'Repo Date', type: 'date', value: ({ row }) => row.repo_date },
    { header: 'Close Date', type: 'date', value: ({ row }) => row.close_date },
    { header: 'Close Reason', type: 'text', value: ({ row }) => row.close_reason },
    { header: 'Storage Location', type: 'text', value: ({ view }) => view.storage_location, width: 20 },
    { header: 'Updated', type: 'timestamp', value: ({ row }) => row.updated_at },
  ],
})
