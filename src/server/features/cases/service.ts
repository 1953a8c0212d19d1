import { CASE_PAGE_SIZE, type CaseListQuery } from '../../../domain/cases/case-list-query'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { recordCaseOpened } from '../../records/audit'
import { markCaseHoldsRead } from '../holds/receipts-service'
import { caseView } from './case-view'
import { findAgentProfiles, findCase, listCaseFilterChoices, listCases } from './repository'

async function withDerivedViews({ db }: AppDeps, viewer: Viewer, rows: Parameters<typeof caseView>[0][]) {
  const agentIds = [...new Set(rows.map((row) => row.assigned_agent_id).filter((id): id is string => Boolean(id)))]
  const agents = await findAgentProfiles(db, viewer.companyId, agentIds)
  return rows.map((row) => caseView(row, agents))
}

/** One page of the company's external cases, filtered, searched and sorted in the database. */
export async function getCasePage(deps: AppDeps, viewer: Viewer, query: CaseListQuery) {
  const { rows, total, totalIsCapped } = await listCases(deps.db, viewer.companyId, query, CASE_PAGE_SIZE)
  return {
    cases: await withDerivedViews(deps, viewer, rows),
    total,
    totalIsCapped,
    page: query.page,
    pageSize: CASE_PAGE_SIZE,
  }
}

/** A case's detail; its opening is audited (once per person, case and day). */
export async function getCase(deps: AppDeps, viewer: Viewer, caseId: number, ip: string | null) {
  const row = await findCase(deps.db, viewer.companyId, caseId)
  if (!row) throw notFound('The requested case could not be found.')
  await recordCaseOpened(deps.db, viewer, `rdn:${row.id}`, ip)
  await markCaseHoldsRead(deps.db, viewer, { rdnCaseId: row.id })
  const [view] = await withDerivedViews(deps, viewer, [row])
  return view
}

export function getCaseFilterChoices(deps: AppDeps, viewer: Viewer) {
  return listCaseFilterChoices(deps.db, viewer.companyId)
}
