import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely'
import * as platform from './migrations/001-platform'
import * as business from './migrations/002-business'
import * as referenceData from './migrations/003-reference-data'
import * as profileAvatars from './migrations/004-profile-avatars'
import * as caseChangeNotify from './migrations/005-case-change-notify'
import * as apiKeys from './migrations/006-api-keys'
import * as caseSortIndexes from './migrations/007-case-sort-indexes'
import * as caseCounts from './migrations/008-case-counts'
import * as vinDecodes from './migrations/009-vin-decodes'
import * as signatureRecords from './migrations/010-signature-records'
import * as vendors from './migrations/011-vendors'
import * as orderSearch from './migrations/012-order-search'
import * as orderStatusChecks from './migrations/013-order-status-checks'
import * as dashboards from './migrations/014-dashboards'
import * as importWrites from './migrations/015-import-writes'
import * as caseGroupCounts from './migrations/016-case-group-counts'
import * as signInSecurity from './migrations/017-sign-in-security'
import * as idempotencyKeys from './migrations/018-idempotency-keys'
import * as caseDebtorDisplayName from './migrations/019-case-debtor-display-name'
import * as canonicalProfileMarkets from './migrations/020-canonical-profile-markets'
import * as orderList from './migrations/021-order-list'
import * as caseTimeline from './migrations/022-case-timeline'
import * as notifications from './migrations/023-notifications'
import * as timelineNoteLength from './migrations/024-timeline-note-length'
import * as notificationLookups from './migrations/025-notification-lookups'
import * as orderSortKeys from './migrations/026-order-sort-keys'
import * as creationOnTheCase from './migrations/027-creation-on-the-case'
import * as rateCards from './migrations/028-rate-cards'
import * as invoices from './migrations/029-invoices'
import * as assignments from './migrations/030-assignments'
import * as addressPlaces from './migrations/031-address-places'
import * as payroll from './migrations/032-payroll'
import * as storedFiles from './migrations/033-stored-files'
import * as conditionReports from './migrations/034-condition-reports'
import * as vehicleReleases from './migrations/035-vehicle-releases'
import * as personalProperty from './migrations/036-personal-property'
import * as redemptionRecords from './migrations/037-redemption-records'
import * as dashboardIndexes from './migrations/038-dashboard-indexes'
import * as repossessionMoment from './migrations/039-repossession-moment'
import * as rdnCaseClients from './migrations/040-rdn-case-clients'
import * as invoiceParticulars from './migrations/041-invoice-particulars'
import * as redemptionPayments from './migrations/042-redemption-payments'
import * as periodPayments from './migrations/043-period-payments'
import * as agentWork from './migrations/044-agent-work'
import * as filePrivacy from './migrations/045-file-privacy'
import * as auditLogPages from './migrations/046-audit-log-pages'
import * as clientResolverPlan from './migrations/047-client-resolver-plan'
import * as invoiceWorkSignalAndLookups from './migrations/048-invoice-work-signal-and-lookups'
import * as screensAtAMillion from './migrations/049-screens-at-a-million'
import * as assignmentBoard from './migrations/050-assignment-board'
import * as moneyScreenIndexes from './migrations/051-money-screen-indexes'
import * as foreignKeyIndexes from './migrations/052-foreign-key-indexes'
import * as mapCountsAndPropertyList from './migrations/054-map-counts-and-property-list'
import * as payFieldVisits from './migrations/055-pay-field-visits'
import * as redemptionListOrder from './migrations/056-redemption-list-order'
import * as screenPages from './migrations/057-screen-pages'
import * as feeRequestCounts from './migrations/058-fee-request-counts'
import * as orderZipCounts from './migrations/059-order-zip-counts'
import * as lotDashboard from './migrations/060-lot-dashboard'
import * as redemptionCountsAndMoves from './migrations/061-redemption-counts-and-moves'
import * as payChangesFromADay from './migrations/062-pay-changes-from-a-day'
import * as holdsAndOnHook from './migrations/063-holds-and-on-hook'
import * as boardCountsSkipStops from './migrations/065-board-counts-skip-stops'
import * as holdReceiptsRead from './migrations/066-hold-receipts-read'
import * as updateEvidence from './migrations/067-update-evidence'
import type { DB } from './schema'

/** One ordered list of migrations, for PGlite and PostgreSQL alike. */
const migrations: Record<string, Migration> = {
  '001-platform': platform,
  '002-business': business,
  '003-reference-data': referenceData,
  '004-profile-avatars': profileAvatars,
  '005-case-change-notify': caseChangeNotify,
  '006-api-keys': apiKeys,
  '007-case-sort-indexes': caseSortIndexes,
  '008-case-counts': caseCounts,
  '009-vin-decodes': vinDecodes,
  '010-signature-records': signatureRecords,
  '011-vendors': vendors,
  '012-order-search': orderSearch,
  '013-order-status-checks': orderStatusChecks,
  '014-dashboards': dashboards,
  '015-import-writes': importWrites,
  '016-case-group-counts': caseGroupCounts,
  '017-sign-in-security': signInSecurity,
  '018-idempotency-keys': idempotencyKeys,
  '019-case-debtor-display-name': caseDebtorDisplayName,
  '020-canonical-profile-markets': canonicalProfileMarkets,
  '021-order-list': orderList,
  '022-case-timeline': caseTimeline,
  '023-notifications': notifications,
  '024-timeline-note-length': timelineNoteLength,
  '025-notification-lookups': notificationLookups,
  '026-order-sort-keys': orderSortKeys,
  '027-creation-on-the-case': creationOnTheCase,
  '028-rate-cards': rateCards,
  '029-invoices': invoices,
  '030-assignments': assignments,
  '031-address-places': addressPlaces,
  '032-payroll': payroll,
  '033-stored-files': storedFiles,
  '034-condition-reports': conditionReports,
  '035-vehicle-releases': vehicleReleases,
  '036-personal-property': personalProperty,
  '037-redemption-records': redemptionRecords,
  '038-dashboard-indexes': dashboardIndexes,
  '039-repossession-moment': repossessionMoment,
  '040-rdn-case-clients': rdnCaseClients,
  '041-invoice-particulars': invoiceParticulars,
  '042-redemption-payments': redemptionPayments,
  '043-period-payments': periodPayments,
  '044-agent-work': agentWork,
  '045-file-privacy': filePrivacy,
  '046-audit-log-pages': auditLogPages,
  '047-client-resolver-plan': clientResolverPlan,
  '048-invoice-work-signal-and-lookups': invoiceWorkSignalAndLookups,
  '049-screens-at-a-million': screensAtAMillion,
  '050-assignment-board': assignmentBoard,
  '051-money-screen-indexes': moneyScreenIndexes,
  '052-foreign-key-indexes': foreignKeyIndexes,
  '054-map-counts-and-property-list': mapCountsAndPropertyList,
  '055-pay-field-visits': payFieldVisits,
  '056-redemption-list-order': redemptionListOrder,
  '057-screen-pages': screenPages,
  '058-fee-request-counts': feeRequestCounts,
  '059-order-zip-counts': orderZipCounts,
  '060-lot-dashboard': lotDashboard,
  '061-redemption-counts-and-moves': redemptionCountsAndMoves,
  '062-pay-changes-from-a-day': payChangesFromADay,
  '063-holds-and-on-hook': holdsAndOnHook,
  '065-board-counts-skip-stops': boardCountsSkipStops,
  '066-hold-receipts-read': holdReceiptsRead,
  '067-update-evidence': updateEvidence,
}

/** Brings the schema up to date; concurrent instances are serialized by Kysely's migration lock. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest())
}

/** Brings the schema up to the named migration (tests of a migration over existing data). */
export async function migrateUpTo(db: Kysely<DB>, name: keyof typeof migrations): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name))
}

async function migrate(db: Kysely<DB>, run: (migrator: Migrator) => Promise<MigrationResultSet>) {
  const { error, results } = await run(new Migrator({ db, provider: { getMigrations: async () => migrations } }))
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}
