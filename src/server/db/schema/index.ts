import type { RateCardsTable, RateCardVersionsTable, RateRowsTable } from './billing'
import type {
  AddressPlacesTable,
  BoardCaseCountsTable,
  MarketLotsTable,
  MarketZipCodesTable,
  RdnAgentMappingsTable,
  RdnCaseClientCountsTable,
  RdnCaseCountsTable,
  RdnCaseGroupCountsTable,
  RdnCasesTable,
  RdnCaseZipCountsTable,
} from './cases'
import type { Defaulted } from './columns'
import type {
  ComplianceDocumentsTable,
  ComplianceDocumentTypesTable,
  DocumentSignatureRequestsTable,
} from './compliance'
import type {
  ConditionReportDamagesTable,
  ConditionReportPhotosTable,
  ConditionReportsTable,
  PropertyInventoriesTable,
  PropertyItemsTable,
  RedemptionStateCountsTable,
  StoredFilesTable,
  VehicleReleasesTable,
} from './files'
import type { CaseHoldsTable, HoldReceiptsTable, RecoveryActsTable } from './holds'
import type {
  FeeRequestFilesTable,
  FeeRequestStatusCountsTable,
  FeeRequestsTable,
  InvoiceCountersTable,
  InvoiceDraftQueueTable,
  InvoiceLinesTable,
  InvoiceOpenDaysTable,
  InvoicePaymentLinesTable,
  InvoicePaymentsTable,
  InvoiceRepriceQueueTable,
  InvoiceStatusCountsTable,
  InvoicesTable,
} from './invoices'
import type {
  CaseTimelineTable,
  CcdFindsTable,
  ClientsTable,
  KeyJobsTable,
  NotificationChecksTable,
  NotificationsTable,
  OrderCountsTable,
  OrderSearchPendingTable,
  OrderSearchTable,
  OrderSubStatusesTable,
  OrdersTable,
  OrderZipCountsTable,
  RepoCompletionsTable,
  SubStatusesTable,
  VendorsTable,
} from './orders'
import type {
  PayEntriesTable,
  PayLinesTable,
  PayPeriodPaymentsTable,
  PayPeriodsTable,
  PayRulesTable,
  PaySettingsTable,
  VendorCostsTable,
} from './payroll'
import type {
  ApiKeysTable,
  AppSettingsTable,
  AuditLogTable,
  AuthAccountTable,
  AuthRateLimitTable,
  AuthSessionTable,
  AuthUserTable,
  AuthVerificationTable,
  CompaniesTable,
  IdempotencyKeysTable,
  OutboxTable,
  ProfileAvatarsTable,
  ProfilesTable,
  ReferenceTable,
  SignInFailuresTable,
} from './platform'
import type {
  CompanyPropertyRulesTable,
  PropertyAppointmentsTable,
  PropertyNoticesTable,
  PropertyReleasesTable,
  RedemptionPaymentsTable,
} from './redemptions'
import type { VinDecodesTable } from './vehicles'

export type * from './cases'
export type * from './compliance'
export type * from './orders'
export type * from './platform'
export type * from './vehicles'

/** Every table Kysely knows, by name. */
export type DB = {
  companies: CompaniesTable
  app_settings: AppSettingsTable
  auth_user: AuthUserTable
  auth_session: AuthSessionTable
  auth_account: AuthAccountTable
  auth_verification: AuthVerificationTable
  auth_rate_limit: AuthRateLimitTable
  sign_in_failures: SignInFailuresTable
  profiles: ProfilesTable
  profile_avatars: ProfileAvatarsTable
  audit_log: AuditLogTable
  outbox: OutboxTable
  api_keys: ApiKeysTable
  idempotency_keys: IdempotencyKeysTable
  order_statuses: ReferenceTable & { stops_field_work: Defaulted<boolean> }
  order_priorities: ReferenceTable
  clients: ClientsTable
  sub_statuses: SubStatusesTable
  orders: OrdersTable
  ccd_finds: CcdFindsTable
  repo_completions: RepoCompletionsTable
  order_sub_statuses: OrderSubStatusesTable
  order_search: OrderSearchTable
  order_search_pending: OrderSearchPendingTable
  board_case_counts: BoardCaseCountsTable
  order_counts: OrderCountsTable
  order_zip_counts: OrderZipCountsTable
  rdn_cases: RdnCasesTable
  case_holds: CaseHoldsTable
  hold_receipts: HoldReceiptsTable
  recovery_acts: RecoveryActsTable
  rdn_case_counts: RdnCaseCountsTable
  rdn_case_client_counts: RdnCaseClientCountsTable
  rdn_case_zip_counts: RdnCaseZipCountsTable
  rdn_case_group_counts: RdnCaseGroupCountsTable
  market_zip_codes: MarketZipCodesTable
  market_lots: MarketLotsTable
  rdn_agent_mappings: RdnAgentMappingsTable
  address_places: AddressPlacesTable
  compliance_document_types: ComplianceDocumentTypesTable
  compliance_documents: ComplianceDocumentsTable
  document_signature_requests: DocumentSignatureRequestsTable
  vin_decodes: VinDecodesTable
  vendors: VendorsTable
  notifications: NotificationsTable
  notification_checks: NotificationChecksTable
  case_timeline: CaseTimelineTable
  key_jobs: KeyJobsTable
  rate_cards: RateCardsTable
  rate_card_versions: RateCardVersionsTable
  rate_rows: RateRowsTable
  invoice_counters: InvoiceCountersTable
  invoices: InvoicesTable
  invoice_lines: InvoiceLinesTable
  fee_requests: FeeRequestsTable
  fee_request_files: FeeRequestFilesTable
  fee_request_status_counts: FeeRequestStatusCountsTable
  invoice_payments: InvoicePaymentsTable
  invoice_payment_lines: InvoicePaymentLinesTable
  invoice_draft_queue: InvoiceDraftQueueTable
  invoice_reprice_queue: InvoiceRepriceQueueTable
  invoice_status_counts: InvoiceStatusCountsTable
  invoice_open_days: InvoiceOpenDaysTable
  pay_settings: PaySettingsTable
  pay_rules: PayRulesTable
  pay_periods: PayPeriodsTable
  pay_period_payments: PayPeriodPaymentsTable
  pay_lines: PayLinesTable
  pay_entries: PayEntriesTable
  vendor_costs: VendorCostsTable
  stored_files: StoredFilesTable
  condition_reports: ConditionReportsTable
  condition_report_photos: ConditionReportPhotosTable
  condition_report_damages: ConditionReportDamagesTable
  vehicle_releases: VehicleReleasesTable
  redemption_state_counts: RedemptionStateCountsTable
  property_inventories: PropertyInventoriesTable
  property_items: PropertyItemsTable
  company_property_rules: CompanyPropertyRulesTable
  property_notices: PropertyNoticesTable
  property_appointments: PropertyAppointmentsTable
  property_releases: PropertyReleasesTable
  redemption_payments: RedemptionPaymentsTable
}
