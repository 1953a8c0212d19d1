import { normalizeRole, ROLE_LABELS } from '../../../../domain/auth/roles'
import { clientListQuerySchema } from '../../../../domain/clients/client-input'
import { listUsersQuerySchema } from '../../../../domain/users/user-input'
import { defineExportList } from '../list-definition'
import { clientBatches, peopleBatches } from '../sources/directory'

/** User Management's people (search, role and market filters). */
export const usersExport = defineExportList({
  name: 'users',
  title: 'Users',
  screen: 'User Management',
  query: listUsersQuerySchema,
  rows: ({ deps, viewer, query, batchSize }) => peopleBatches(deps.db, viewer.companyId, query, batchSize),
  columns: [
    { header: 'First Name', type: 'text', value: (row) => row.first_name },
    { header: 'Last Name', type: 'text', value: (row) => row.last_name },
    { header: 'Email', type: 'text', value: (row) => row.email, width: 30 },
    { header: 'Role', type: 'text', value: (row) => ROLE_LABELS[normalizeRole(row.role)], width: 20 },
    { header: 'Market', type: 'text', value: (row) => row.market },
    { header: 'RDN ID', type: 'text', value: (row) => row.rdn_id_number },
    { header: 'Active', type: 'boolean', value: (row) => row.active, width: 8 },
    { header: 'Created', type: 'timestamp', value: (row) => row.created_at },
  ],
})

/** Client Management's clients (its search), with their order and RDN case counts. */
export const clientsExport = defineExportList({
  name: 'clients',
  title: 'Clients',
  screen: 'Client Management',
  query: clientListQuerySchema,
  rows: ({ deps, viewer, query, batchSize }) => clientBatches(deps.db, viewer.companyId, query, batchSize),
  columns: [
    { header: 'Name', type: 'text', value: (row) => row.name, width: 28 },
    { header: 'Lienholder', type: 'text', value: (row) => row.lienholder_name, width: 24 },
    { header: 'Display Name', type: 'text', value: (row) => row.display_name, width: 24 },
    { header: 'Client Code', type: 'text', value: (row) => row.client_code },
    { header: 'Active', type: 'boolean', value: (row) => row.active, width: 8 },
    { header: 'Orders', type: 'number', value: (row) => Number(row.order_count ?? 0), width: 10 },
    { header: 'RDN Cases', type: 'number', value: (row) => Number(row.case_count ?? 0), width: 10 },
    { header: 'Created', type: 'timestamp', value: (row) => row.created_at },
  ],
})
