import { Hono } from 'hono'
import { companySettingsSchema } from '../../../domain/company/settings-input'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireRole, requireViewer } from '../../auth/viewer'
import { validate } from '../../http/validate'
import { COMPANY_SETTINGS_ADMIN_ONLY, companySettings, saveCompanySettings } from './service'

/** Company settings (administrators): what invoices and statements print about the agency. */
export function companyRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      // The role before the input: a manager's bad form is refused, not corrected.
      .use(requireRole(deps.db, ['admin'], COMPANY_SETTINGS_ADMIN_ONLY))
      .get('/settings', async (c) => c.json({ settings: await companySettings(deps, requireViewer(c)) }))
      .put('/settings', validate('json', companySettingsSchema), async (c) =>
        c.json({
          settings: await saveCompanySettings(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')),
        }),
      )
  )
}
