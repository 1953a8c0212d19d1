import { acceptProblems, DEFAULT_PHOTO_SLOTS, type ReportDraft, slotLabel } from '../../../domain/condition/report'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, badFields, badRequest, notFound } from '../../http/app-error'
import { CASE_NOT_FOUND } from '../../queries/recovered-case'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { filesByIds } from '../files/repository'
import { fileView } from '../files/service'
import { addRateCardFee } from '../invoices/rate-card-fee'
import {
  type CaseTarget,
  companyImages,
  insertVersion,
  markAccepted,
  partsOf,
  type ReportRow,
  reportById,
  reportCase,
  reportsOfCase,
  writeDraft,
} from './repository'

export const REPORT_NOT_FOUND = 'Condition report not found.'
const conflict = (message: string) => new AppError('conflict', message)

async function caseOf(deps: AppDeps, viewer: Viewer, target: CaseTarget) {
  const found = await reportCase(deps.db, viewer.companyId, target)
  if (!found) throw notFound(CASE_NOT_FOUND)
  return { ...found, requiredSlots: found.slots?.length ? found.slots : [...DEFAULT_PHOTO_SLOTS] }
}

/** Each version as the screen shows it: photos by slot and damage marks with their files. */
async function reportViews(deps: AppDeps, viewer: Viewer, rows: ReportRow[]) {
  const { photos, damages } = await partsOf(
    deps.db,
    rows.map((row) => row.id),
  )
  const fileIds = [
    ...new Set([...photos.map((photo) => photo.file_id), ...damages.flatMap((damage) => damage.file_id ?? [])]),
  ]
  const files = new Map((await filesByIds(deps.db, viewer.companyId, fileIds)).map((file) => [file.id, fileView(file)]))
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    status: row.status,
    odometer: row.odometer,
    keysPresent: row.keys_present,
    keyType: row.key_type,
    drivable: row.drivable,
    notes: row.notes,
    photos: photos
      .filter((photo) => photo.report_id === row.id)
      .map((photo) => ({ slot: photo.slot, label: slotLabel(photo.slot), file: files.get(photo.file_id) ?? null })),
    damages: damages
      .filter((damage) => damage.report_id === row.id)
      .map((damage) => ({
        area: damage.area,
        description: damage.description,
        file: damage.file_id ? (files.get(damage.file_id) ?? null) : null,
      })),
    createdAt: row.created_at.toISOString(),
    acceptedAt: row.accepted_at?.toISOString() ?? null,
    acceptedBy: row.accepted_by,
  }))
}

/** A case's condition reports, newest version first, and the photos they need. */
export async function caseReports(deps: AppDeps, viewer: Viewer, target: CaseTarget) {
  const found = await caseOf(deps, viewer, target)
  const rows = await reportsOfCase(deps.db, viewer.companyId, found.caseKey)
  return {
    case: { label: found.label, recovered: found.recovered },
    requiredSlots: found.requiredSlots.map((slot) => ({ slot, label: slotLabel(slot) })),
    reports: await reportViews(deps, viewer, rows),
  }
}

/**
 * The draft to work on: the open one, else a new version (a copy of the accepted one it amends).
 * Only a recovered vehicle gets a report (409).
 */
export async function startReport(deps: AppDeps, viewer: Viewer, target: CaseTarget, ip: string | null) {
  const found = await caseOf(deps, viewer, target)
  if (!found.recovered) throw conflict('A condition report is taken once the vehicle is recovered.')
  await deps.db.transaction().execute(async (trx) => {
    const rows = await reportsOfCase(trx, viewer.companyId, found.caseKey)
    if (rows.some((row) => row.status === 'draft')) return
    const amends = rows.find((row) => row.status === 'accepted')
    const id = await insertVersion(trx, viewer.companyId, found, viewer.profileId, amends)
    const version = (amends?.version ?? 0) + 1
    await writeCaseEvent(
      trx,
      viewer.companyId,
      found,
      'condition_report',
      amends ? `Version ${version} started, amending version ${amends.version}` : 'Started',
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'condition_report.started',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `condition_report:${id}`,
      detail: { caseKey: found.caseKey, version },
      ip,
    })
  })
  return caseReports(deps, viewer, target)
}

async function draftOf(deps: AppDeps, viewer: Viewer, reportId: string) {
  const report = await reportById(deps.db, viewer.companyId, reportId)
  if (!report) throw notFound(REPORT_NOT_FOUND)
  if (report.status !== 'draft')
    throw conflict('This condition report is accepted and never changes; start an amendment to change it.')
  return report
}

const targetOf = (
  report: { order_id: string | null; rdn_case_id: string | null },
  caseId: number | null,
): CaseTarget => (report.order_id ? { orderId: report.order_id } : { caseId: caseId ?? 0 })

async function rdnCaseNumber(deps: AppDeps, rdnCaseId: string | null) {
  if (!rdnCaseId) return null
  const row = await deps.db.selectFrom('rdn_cases').select('case_id').where('id', '=', rdnCaseId).executeTakeFirst()
  return row?.case_id ?? null
}

/** Saves what the form holds; every photo must be an image of the company (400). */
export async function saveDraft(
  deps: AppDeps,
  viewer: Viewer,
  reportId: string,
  draft: ReportDraft,
  ip: string | null,
) {
  const report = await draftOf(deps, viewer, reportId)
  const fileIds = [
    ...draft.photos.map((photo) => photo.fileId),
    ...draft.damages.flatMap((damage) => damage.fileId ?? []),
  ]
  const images = await companyImages(deps.db, viewer.companyId, fileIds)
  const stranger = fileIds.find((id) => !images.has(id))
  if (stranger) throw badRequest('Each photo must be one uploaded here.', 'photos')
  await deps.db.transaction().execute(async (trx) => {
    await writeDraft(trx, reportId, draft)
    await recordAudit(trx, {
      action: 'condition_report.saved',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `condition_report:${reportId}`,
      detail: { photos: draft.photos.length, damages: draft.damages.length, odometer: draft.odometer },
      ip,
    })
  })
  return caseReports(deps, viewer, targetOf(report, await rdnCaseNumber(deps, report.rdn_case_id)))
}

/** Accepting locks the report once every required photo and answer is there (400 says what is missing). */
export async function acceptReport(deps: AppDeps, viewer: Viewer, reportId: string, ip: string | null) {
  const report = await draftOf(deps, viewer, reportId)
  const target = targetOf(report, await rdnCaseNumber(deps, report.rdn_case_id))
  const found = await caseOf(deps, viewer, target)
  const [view] = (await caseReports(deps, viewer, target)).reports.filter((candidate) => candidate.id === reportId)
  const problems = acceptProblems(
    {
      odometer: view.odometer,
      keysPresent: view.keysPresent,
      keyType: view.keyType as ReportDraft['keyType'],
      drivable: view.drivable,
      notes: view.notes,
      photos: view.photos.flatMap((photo) => (photo.file ? [{ slot: photo.slot, fileId: photo.file.id }] : [])),
      damages: view.damages.map((damage) => ({ ...damage, fileId: damage.file?.id ?? null })),
    },
    found.requiredSlots,
  )
  if (problems.length) throw badFields(problems)
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markAccepted(trx, reportId, viewer.profileId)))
      throw conflict('This condition report was accepted meanwhile.')
    // A client that pays for condition reports gets its fee line (once per case).
    await addRateCardFee(
      trx,
      viewer.companyId,
      found,
      'CONDITION_REPORT',
      `Condition Report and Photos, version ${report.version} accepted`,
      viewer.profileId,
    )
    await writeCaseEvent(
      trx,
      viewer.companyId,
      found,
      'condition_report',
      `Version ${report.version} accepted`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'condition_report.accepted',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `condition_report:${reportId}`,
      detail: { caseKey: report.case_key, version: report.version },
      ip,
    })
  })
  return caseReports(deps, viewer, target)
}
