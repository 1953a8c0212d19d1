import type { CompanySettings } from '../../../domain/company/settings-input'
import type { AppDeps, Viewer } from '../../app-env'
import { forbidden, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { findCompanySettings, lockCompanySettings, updateCompanySettings } from './repository'

// Company settings (issue 41): the agency's name, address, phone and remit-to, set by an admin.

export const COMPANY_SETTINGS_ADMIN_ONLY = 'Only an administrator can change the company settings.'

/** Company settings are an administrator's. */
export function assertCompanyAdmin(viewer: Viewer) {
  if (viewer.role !== 'admin') throw forbidden(COMPANY_SETTINGS_ADMIN_ONLY)
}

const view = (row: { name: string; address: string | null; phone: string | null; remit_to: string | null }) => ({
  name: row.name,
  address: row.address,
  phone: row.phone,
  remitTo: row.remit_to,
})

export async function companySettings({ db }: AppDeps, viewer: Viewer) {
  assertCompanyAdmin(viewer)
  const row = await findCompanySettings(db, viewer.companyId)
  if (!row) throw notFound('No such company.')
  return view(row)
}

/** Saves the settings; the audit log keeps what they were and what they became. */
export async function saveCompanySettings(deps: AppDeps, viewer: Viewer, input: CompanySettings, ip: string) {
  assertCompanyAdmin(viewer)
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockCompanySettings(trx, viewer.companyId)
    if (!before) throw notFound('No such company.')
    const after = { name: input.name, address: input.address, phone: input.phone, remit_to: input.remitTo }
    await updateCompanySettings(trx, viewer.companyId, after)
    await recordAudit(trx, {
      action: 'company.settings_changed',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `company:${viewer.companyId}`,
      detail: { before: view(before), after: view(after) },
      ip,
    })
    return view(after)
  })
}
