import {
  ADMIN,
  API_KEY,
  CAMERA_CAR_DRIVER,
  CASE_LOCATION_MAP,
  type Callers,
  type CallersByValue,
  COMPLIANCE_MANAGER,
  EVERY_ROLE,
  FIELD_ACCESS,
  FIELD_MANAGER,
  KEYS,
  LOT_MANAGER,
  MANAGEMENT,
  ON_HOOK,
  ORDER_MANAGEMENT,
  POST_RECOVERY_MANAGER,
  PUBLIC,
  RECOVERY_AGENT,
  TRANSPORT_MANAGER,
} from './route-callers'
import { AFTER_RECOVERY_ROUTE_CALLERS } from './route-roles-after-recovery'

// Who may call each API route, written out from SPEC.md section 6 (screens per role) and the
// issues that gave those screens their calls: every role a literal, so this table is a second
// reading of the rules, not a copy of the product's guards (src/server/role-matrix.test.ts).

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

  // On-Hook and Yield (issue 44): recorded by the case's agent or field access; a case's field
  // record is read wherever the case is (every signed-in person of the company, as the order detail).
  'GET /api/recovery/cases/orders/:orderId': EVERY_ROLE,
  'GET /api/recovery/cases/rdn/:caseId': EVERY_ROLE,
  'POST /api/recovery/cases/orders/:orderId/on-hook': ON_HOOK,
  'POST /api/recovery/cases/rdn/:caseId/on-hook': ON_HOOK,
  'POST /api/recovery/cases/orders/:orderId/yield': ON_HOOK,
  'POST /api/recovery/cases/rdn/:caseId/yield': ON_HOOK,
  'POST /api/recovery/acts/:actId/corrections': ON_HOOK,

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

  // Money and the vehicle after its recovery: route-roles-after-recovery.ts.
  ...AFTER_RECOVERY_ROUTE_CALLERS,

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

  // Who a hold reached (issue 44): the office, the field managers with it.
  'GET /api/recovery/holds': FIELD_ACCESS,
  'GET /api/recovery/holds/:holdId/receipts': FIELD_ACCESS,

  // Each export as the list or dashboard it mirrors.
  'GET /api/exports/:list': {
    cases: ORDER_MANAGEMENT,
    orders: ORDER_MANAGEMENT,
    users: MANAGEMENT,
    clients: MANAGEMENT,
    'rate-card': MANAGEMENT,
    'management-stale': MANAGEMENT,
    'management-recoveries-after-hold': MANAGEMENT,
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
