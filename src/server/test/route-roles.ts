import type { Role } from '../../domain/auth'

// Who may call each API route, written out from SPEC.md section 6 (screens per role) and the
// issues that gave those screens their calls: every role a literal, so this table is a second
// reading of the rules, not a copy of the product's guards (src/server/role-matrix.test.ts).

/** Anyone, signed in or not: the route authorises by its own token, or serves no one's data. */
export const PUBLIC = 'public'
/** Only an integration's API key (issue 4's case sync): a person's session is not one. */
export const API_KEY = 'api key'

export type Callers = readonly Role[] | typeof PUBLIC | typeof API_KEY
/** A route whose one path parameter names what is asked for (an export's list): callers per value. */
export type CallersByValue = { readonly [value: string]: readonly Role[] }

/** SPEC.md section 6's eleven roles. */
export const EVERY_ROLE = [
  'admin',
  'manager',
  'recovery_agent',
  'camera_driver',
  'field_manager',
  'lot_manager',
  'key_manager',
  'transport_manager',
  'locksmith',
  'compliance_manager',
  'post_recovery_manager',
] as const
/** View as, API keys, company settings (issues 3, 4 and 41). */
const ADMIN = ['admin'] as const
/**
 * Management access: the Management Dashboard, User Management, Market Configuration, Fee
 * Schedules, Data Import, Client, Vendor, Agent Mapping (issue 8: 'admin and manager only on the
 * server'), Payroll & Accounting and Invoice.
 */
const MANAGEMENT = ['admin', 'manager'] as const
/** Field access, and the Agent Assignment screen: the same three roles. */
const FIELD_ACCESS = ['admin', 'manager', 'field_manager'] as const
const ORDER_MANAGEMENT = ['admin', 'manager', 'field_manager', 'post_recovery_manager'] as const
const CASE_LOCATION_MAP = ['admin', 'manager', 'recovery_agent', 'field_manager'] as const
const POST_RECOVERY_MANAGER = ['admin', 'manager', 'post_recovery_manager'] as const
/**
 * Vehicle Redemptions, and giving property back: SPEC.md section 6 names admin and the
 * post-recovery manager; issue 20's product lets managers in too (through their Management
 * Dashboard, and shows them the case's Redemption card). Reported in issue 43, not settled here.
 */
const REDEMPTIONS = ['admin', 'post_recovery_manager', 'manager'] as const
const RECOVERY_AGENT = ['admin', 'recovery_agent'] as const
const CAMERA_CAR_DRIVER = ['admin', 'camera_driver'] as const
const FIELD_MANAGER = ['admin', 'field_manager'] as const
const LOT_MANAGER = ['admin', 'lot_manager'] as const
/** The Key Manager or Locksmith screen (one keys dashboard); the post-recovery manager has Key Manager. */
const KEYS = ['admin', 'key_manager', 'locksmith', 'post_recovery_manager'] as const
const TRANSPORT_MANAGER = ['admin', 'transport_manager', 'post_recovery_manager'] as const
const COMPLIANCE_MANAGER = ['admin', 'compliance_manager'] as const
/** Issue 41: a condition report is opened by those who handle the recovered vehicle. */
const CONDITION_REPORTS = ['admin', 'manager', 'recovery_agent', 'lot_manager', 'post_recovery_manager'] as const
/** Issue 41: a case's personal property, inventoried on the lot, given back by post-recovery. */
const PROPERTY = ['admin', 'manager', 'lot_manager', 'post_recovery_manager'] as const

/**
 * Every API route by `METHOD /path` as the app composes it. A route the app gains must be added
 * here with its callers; a row whose route is gone fails too.
 */
export const ROUTE_CALLERS: Record<string, Callers | CallersByValue> = {
  'GET /api/health': PUBLIC,
  // A password reset link's token, or a forced change (SPEC.md section 2's reset screen).
  'POST /api/account/password': PUBLIC,
  'GET /api/public/signatures/:token': PUBLIC,
  'POST /api/public/signatures/:token': PUBLIC,
  'POST /api/sync/rdn-cases': API_KEY,

  // The signed-in person's own: who they are, Profile Settings (every role), their notifications
  // and live events.
  'GET /api/me': EVERY_ROLE,
  'PATCH /api/profile': EVERY_ROLE,
  'PUT /api/profile/avatar': EVERY_ROLE,
  'DELETE /api/profile/avatar': EVERY_ROLE,
  'POST /api/profile/password': EVERY_ROLE,
  'GET /api/profile/sessions': EVERY_ROLE,
  'POST /api/profile/sessions/revoke-others': EVERY_ROLE,
  'GET /api/avatars/:profileId': EVERY_ROLE,
  'POST /api/impersonation/stop': EVERY_ROLE,
  'GET /api/events': EVERY_ROLE,
  'GET /api/notifications': EVERY_ROLE,
  'GET /api/notifications/unread-count': EVERY_ROLE,
  'POST /api/notifications/read': EVERY_ROLE,
  'POST /api/notifications/read-all': EVERY_ROLE,
  'POST /api/dashboards/notifications/read': EVERY_ROLE,
  // Each person's own pay (issue 18); another's is Payroll's.
  'GET /api/my-pay': EVERY_ROLE,
  'GET /api/my-pay/:profileId': MANAGEMENT,

  // The shell's search, and the detail pages every signed-in role opens (SPEC.md section 2), with
  // what they call: decode-vin and geocode (section 7), notes on the timeline, files.
  'GET /api/search': EVERY_ROLE,
  'GET /api/orders/:orderId': EVERY_ROLE,
  'PATCH /api/orders/:orderId': EVERY_ROLE,
  'GET /api/cases/:caseId': EVERY_ROLE,
  'GET /api/timeline/orders/:orderId': EVERY_ROLE,
  'POST /api/timeline/orders/:orderId/notes': EVERY_ROLE,
  'GET /api/timeline/cases/:caseId': EVERY_ROLE,
  'POST /api/timeline/cases/:caseId/notes': EVERY_ROLE,
  'POST /api/vehicles/decode-vin': EVERY_ROLE,
  'GET /api/vehicles/images/:file': EVERY_ROLE,
  'POST /api/geocode': EVERY_ROLE,
  'POST /api/files': EVERY_ROLE,
  'GET /api/files/:fileId': EVERY_ROLE,
  'GET /api/files/:fileId/thumbnail': EVERY_ROLE,

  'POST /api/impersonation/:profileId': ADMIN,
  'GET /api/integrations/api-keys': ADMIN,
  'POST /api/integrations/api-keys': ADMIN,
  'DELETE /api/integrations/api-keys/:id': ADMIN,
  'GET /api/company/settings': ADMIN,
  'PUT /api/company/settings': ADMIN,

  // User Management, and its audit log.
  'GET /api/users': MANAGEMENT,
  'POST /api/users': MANAGEMENT,
  'GET /api/users/:id': MANAGEMENT,
  'PATCH /api/users/:id': MANAGEMENT,
  'POST /api/users/:id/deactivate': MANAGEMENT,
  'POST /api/users/:id/reactivate': MANAGEMENT,
  'POST /api/users/:id/password-reset': MANAGEMENT,
  'GET /api/audit-log': MANAGEMENT,

  // Order Management: the case list, its live updates (issue 15), and the order list.
  'GET /api/cases': ORDER_MANAGEMENT,
  'GET /api/events/cases': ORDER_MANAGEMENT,
  'GET /api/cases/filters': ORDER_MANAGEMENT,
  'GET /api/orders-list': ORDER_MANAGEMENT,
  'GET /api/orders-list/filters': ORDER_MANAGEMENT,

  // Changing who works an order, and correcting a repossession: field access (issue 16).
  'GET /api/orders/:orderId/assignable': FIELD_ACCESS,
  'PUT /api/repossession/cases/orders/:orderId': FIELD_ACCESS,
  'PUT /api/repossession/cases/rdn/:caseId': FIELD_ACCESS,

  // Data Import, and Clear All Data (issue 6: 'only admin and manager').
  'GET /api/import/clients': MANAGEMENT,
  'POST /api/import/orders': MANAGEMENT,
  'DELETE /api/import/orders': MANAGEMENT,

  'GET /api/compliance/document-types': COMPLIANCE_MANAGER,
  'POST /api/compliance/document-types': COMPLIANCE_MANAGER,
  'GET /api/compliance/documents': COMPLIANCE_MANAGER,
  'POST /api/compliance/documents': COMPLIANCE_MANAGER,
  'POST /api/compliance/documents/:documentId/signature-requests': COMPLIANCE_MANAGER,
  'POST /api/compliance/signature-requests/:requestId/revoke': COMPLIANCE_MANAGER,
  'GET /api/compliance/signature-requests/:requestId/verification': COMPLIANCE_MANAGER,

  // Company configuration (issue 8): clients and their sub-statuses, markets, vendors, agent mapping.
  'GET /api/clients': MANAGEMENT,
  'POST /api/clients': MANAGEMENT,
  'PATCH /api/clients/:clientId': MANAGEMENT,
  'GET /api/sub-statuses': MANAGEMENT,
  'POST /api/sub-statuses': MANAGEMENT,
  'PATCH /api/sub-statuses/:id': MANAGEMENT,
  'GET /api/markets': MANAGEMENT,
  'POST /api/markets/zips': MANAGEMENT,
  'PATCH /api/markets/zips/:zipId': MANAGEMENT,
  'DELETE /api/markets/zips/:zipId': MANAGEMENT,
  'POST /api/markets/lots': MANAGEMENT,
  'PATCH /api/markets/lots/:lotId': MANAGEMENT,
  'GET /api/vendors': MANAGEMENT,
  'POST /api/vendors': MANAGEMENT,
  'PATCH /api/vendors/:vendorId': MANAGEMENT,
  'GET /api/agent-mappings': MANAGEMENT,
  'POST /api/agent-mappings': MANAGEMENT,
  'DELETE /api/agent-mappings/:mappingId': MANAGEMENT,

  // Fee Schedules, with the 'Price this case' card (issue 17).
  'GET /api/fees/catalog': MANAGEMENT,
  'GET /api/fees/rate-cards': MANAGEMENT,
  'POST /api/fees/rate-cards': MANAGEMENT,
  'GET /api/fees/rate-cards/:cardId': MANAGEMENT,
  'POST /api/fees/rate-cards/:cardId/versions': MANAGEMENT,
  'POST /api/fees/rate-sheet': MANAGEMENT,
  'GET /api/fees/price/cases/:caseId': MANAGEMENT,
  'GET /api/fees/price/orders/:orderId': MANAGEMENT,

  // Invoice (issue 17): invoices, aging, fee requests and their evidence.
  'GET /api/invoices/summary': MANAGEMENT,
  'GET /api/invoices': MANAGEMENT,
  'GET /api/invoices/aging': MANAGEMENT,
  'GET /api/invoices/aging/:clientId': MANAGEMENT,
  'GET /api/invoices/aging/:clientId/statement.pdf': MANAGEMENT,
  'GET /api/invoices/cases/orders/:orderId': MANAGEMENT,
  'GET /api/invoices/cases/rdn/:caseId': MANAGEMENT,
  'GET /api/invoices/fee-requests': MANAGEMENT,
  'POST /api/invoices/fee-requests': MANAGEMENT,
  'POST /api/invoices/fee-requests/:requestId/status': MANAGEMENT,
  'GET /api/invoices/fee-requests/:requestId/files': MANAGEMENT,
  'POST /api/invoices/fee-requests/:requestId/files': MANAGEMENT,
  'GET /api/invoices/fee-requests/:requestId/files/:fileId': MANAGEMENT,
  'GET /api/invoices/:invoiceId': MANAGEMENT,
  'GET /api/invoices/:invoiceId/pdf': MANAGEMENT,
  'POST /api/invoices/:invoiceId/status': MANAGEMENT,
  'PUT /api/invoices/:invoiceId/references': MANAGEMENT,
  'POST /api/invoices/:invoiceId/storage-stop': MANAGEMENT,
  'POST /api/invoices/:invoiceId/reprice': MANAGEMENT,
  'POST /api/invoices/:invoiceId/resubmit': MANAGEMENT,
  'POST /api/invoices/:invoiceId/payments': MANAGEMENT,

  // Payroll & Accounting (issue 18).
  'GET /api/payroll/overview': MANAGEMENT,
  'GET /api/payroll/people': MANAGEMENT,
  'PUT /api/payroll/settings': MANAGEMENT,
  'GET /api/payroll/periods/:start': MANAGEMENT,
  'GET /api/payroll/periods/:start/lines': MANAGEMENT,
  'GET /api/payroll/periods/:start/export.csv': MANAGEMENT,
  'POST /api/payroll/periods/:start/approve': MANAGEMENT,
  'POST /api/payroll/periods/:start/reopen': MANAGEMENT,
  'POST /api/payroll/periods/:start/lock': MANAGEMENT,
  'POST /api/payroll/periods/:start/paid': MANAGEMENT,
  'GET /api/payroll/rules': MANAGEMENT,
  'POST /api/payroll/rules': MANAGEMENT,
  'POST /api/payroll/rules/:ruleId/end': MANAGEMENT,
  'GET /api/payroll/entries': MANAGEMENT,
  'POST /api/payroll/entries': MANAGEMENT,
  'DELETE /api/payroll/entries/:entryId': MANAGEMENT,
  'GET /api/payroll/yearly': MANAGEMENT,
  'GET /api/payroll/yearly.csv': MANAGEMENT,
  'GET /api/payroll/accounting': MANAGEMENT,
  'POST /api/payroll/vendor-costs': MANAGEMENT,
  'DELETE /api/payroll/vendor-costs/:costId': MANAGEMENT,

  'GET /api/condition-reports/cases/orders/:orderId': CONDITION_REPORTS,
  'GET /api/condition-reports/cases/rdn/:caseId': CONDITION_REPORTS,
  'POST /api/condition-reports/cases/orders/:orderId': CONDITION_REPORTS,
  'POST /api/condition-reports/cases/rdn/:caseId': CONDITION_REPORTS,
  'PUT /api/condition-reports/:reportId': CONDITION_REPORTS,
  'POST /api/condition-reports/:reportId/accept': CONDITION_REPORTS,

  // Vehicle Redemptions (issue 20): quotes, payments, releases.
  'GET /api/redemptions': REDEMPTIONS,
  'GET /api/redemptions/transport-vendors': REDEMPTIONS,
  'GET /api/redemptions/cases/orders/:orderId/quote': REDEMPTIONS,
  'GET /api/redemptions/cases/rdn/:caseId/quote': REDEMPTIONS,
  'GET /api/redemptions/cases/orders/:orderId/payments': REDEMPTIONS,
  'GET /api/redemptions/cases/rdn/:caseId/payments': REDEMPTIONS,
  'POST /api/redemptions/cases/orders/:orderId/payments': REDEMPTIONS,
  'POST /api/redemptions/cases/rdn/:caseId/payments': REDEMPTIONS,
  'GET /api/redemptions/payments/:paymentId/receipt.pdf': REDEMPTIONS,
  'GET /api/redemptions/cases/orders/:orderId/releases': REDEMPTIONS,
  'GET /api/redemptions/cases/rdn/:caseId/releases': REDEMPTIONS,
  'POST /api/redemptions/cases/orders/:orderId/releases': REDEMPTIONS,
  'POST /api/redemptions/cases/rdn/:caseId/releases': REDEMPTIONS,
  'POST /api/redemptions/releases/:releaseId/signature': REDEMPTIONS,
  'POST /api/redemptions/releases/:releaseId/complete': REDEMPTIONS,

  // The transport manager's moves, from releases authorised to transport (issue 20).
  'GET /api/transport/moves': TRANSPORT_MANAGER,
  'POST /api/transport/moves/:releaseId/complete': TRANSPORT_MANAGER,

  // Personal property (issue 20): inventoried on the lot; notices, rules, releases and disposal
  // are Property Redemptions' (with managers, as vehicle redemptions).
  'GET /api/property': PROPERTY,
  'GET /api/property/people': PROPERTY,
  'GET /api/property/rules': PROPERTY,
  'GET /api/property/cases/orders/:orderId': PROPERTY,
  'GET /api/property/cases/rdn/:caseId': PROPERTY,
  'POST /api/property/cases/orders/:orderId': PROPERTY,
  'POST /api/property/cases/rdn/:caseId': PROPERTY,
  'POST /api/property/inventories/:inventoryId/appointments': PROPERTY,
  'POST /api/property/appointments/:appointmentId/status': PROPERTY,
  'PUT /api/property/rules/:state': REDEMPTIONS,
  'DELETE /api/property/rules/:state': REDEMPTIONS,
  'PUT /api/property/settings': REDEMPTIONS,
  'GET /api/property/inventories/:inventoryId/notice-letter.pdf': REDEMPTIONS,
  'POST /api/property/inventories/:inventoryId/notices': REDEMPTIONS,
  'POST /api/property/inventories/:inventoryId/releases': REDEMPTIONS,
  'POST /api/property/releases/:releaseId/signature': REDEMPTIONS,
  'POST /api/property/releases/:releaseId/complete': REDEMPTIONS,
  'POST /api/property/releases/:releaseId/cancel': REDEMPTIONS,
  'POST /api/property/inventories/:inventoryId/disposals': REDEMPTIONS,

  // Case Location Map and Agent Assignment (issue 19).
  'GET /api/map/cases': CASE_LOCATION_MAP,
  'GET /api/map/config': CASE_LOCATION_MAP,
  'GET /api/map/filters': CASE_LOCATION_MAP,
  'GET /api/map/lots': CASE_LOCATION_MAP,
  'GET /api/map/coverage': CASE_LOCATION_MAP,
  'GET /api/map/activity': CASE_LOCATION_MAP,
  'GET /api/map/selection': CASE_LOCATION_MAP,
  'GET /api/assignments/board': FIELD_ACCESS,
  'GET /api/assignments/people': FIELD_ACCESS,
  'GET /api/assignments/figures': FIELD_ACCESS,
  'GET /api/assignments/history/:source/:id': FIELD_ACCESS,
  'POST /api/assignments': FIELD_ACCESS,
  'POST /api/assignments/state': FIELD_ACCESS,

  // The role dashboards (issue 9), each its screen's.
  'GET /api/dashboards/management': MANAGEMENT,
  'GET /api/dashboards/recovery-agent': RECOVERY_AGENT,
  'GET /api/dashboards/camera-driver': CAMERA_CAR_DRIVER,
  'POST /api/dashboards/camera-driver/finds': CAMERA_CAR_DRIVER,
  'GET /api/dashboards/field-manager': FIELD_MANAGER,
  'PUT /api/dashboards/field-manager/assignments/:orderId': FIELD_MANAGER,
  'GET /api/dashboards/lot-manager': LOT_MANAGER,
  'GET /api/dashboards/keys': KEYS,
  'PUT /api/dashboards/keys/:orderId': KEYS,
  'GET /api/dashboards/transport-manager': TRANSPORT_MANAGER,
  'GET /api/dashboards/post-recovery-manager': POST_RECOVERY_MANAGER,

  // Each export as the list or dashboard it mirrors.
  'GET /api/exports/:list': {
    cases: ORDER_MANAGEMENT,
    orders: ORDER_MANAGEMENT,
    users: MANAGEMENT,
    clients: MANAGEMENT,
    'rate-card': MANAGEMENT,
    'management-stale': MANAGEMENT,
    'field-manager-unassigned': FIELD_MANAGER,
    'recovery-agent-assignments': RECOVERY_AGENT,
    'recovery-agent-recovered': RECOVERY_AGENT,
    'camera-driver-lookout': CAMERA_CAR_DRIVER,
    'lot-vehicles': LOT_MANAGER,
    'keys-vehicles': KEYS,
    'transport-moves': TRANSPORT_MANAGER,
    'post-recovery': POST_RECOVERY_MANAGER,
  },
}
