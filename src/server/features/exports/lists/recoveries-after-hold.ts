import {
  type HoldAgainstRecovery,
  type HoldCollision,
  listHoldCollisions,
} from '../../../queries/recoveries-after-hold'
import { defineExportList } from '../list-definition'
import { type NoFilters, noFilters } from './work-columns'

type Row = HoldAgainstRecovery & { kind: HoldCollision }

const KIND_LABELS: Record<HoldCollision, string> = {
  recovered_after_hold: 'Recovered after hold',
  arrived_after_recovery: 'Hold arrived after recovery',
}

/**
 * The management dashboard's recoveries after a hold (expected none), then the holds that arrived
 * after a recovery (for the client), each with its times; all of them, not only the dashboard's twelve months.
 */
export const managementRecoveriesAfterHoldExport = defineExportList<NoFilters, Row>({
  name: 'management-recoveries-after-hold',
  title: 'Recoveries after a hold',
  screen: 'Management Dashboard',
  query: noFilters,
  rows: async function* ({ deps, viewer, batchSize }) {
    for (const kind of Object.keys(KIND_LABELS) as HoldCollision[]) {
      for (let offset = 0; ; offset += batchSize) {
        const rows = await listHoldCollisions(deps.db, viewer.companyId, kind, {
          since: null,
          limit: batchSize,
          offset,
        })
        if (rows.length > 0) yield rows.map((row) => ({ ...row, kind }))
        if (rows.length < batchSize) break
      }
    }
  },
  columns: [
    { header: 'Kind', type: 'text', value: (row) => KIND_LABELS[row.kind], width: 26 },
    { header: 'Case Number', type: 'text', value: (row) => row.caseNumber },
    { header: 'Client', type: 'text', value: (row) => row.client, width: 24 },
    { header: 'Month', type: 'text', value: (row) => row.month, width: 9 },
    { header: 'Hold Status', type: 'text', value: (row) => row.status },
    { header: 'Reason', type: 'text', value: (row) => row.reason, width: 30 },
    { header: 'Source', type: 'text', value: (row) => row.source, width: 10 },
    { header: 'Placed By', type: 'text', value: (row) => row.placedBy, width: 20 },
    { header: 'Hold Placed', type: 'timestamp', value: (row) => row.placedAt },
    { header: 'Hold Lifted', type: 'timestamp', value: (row) => row.liftedAt },
    { header: 'Recovered', type: 'timestamp', value: (row) => row.recoveredAt },
  ],
})
