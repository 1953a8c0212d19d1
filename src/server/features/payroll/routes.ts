import { Hono } from 'hono'
import { contentDisposition } from '../../../domain/files/content-disposition'
import {
  endRuleSchema,
  linesQuerySchema,
  markPaidSchema,
  payEntryInputSchema,
  payRuleInputSchema,
  paySettingsSchema,
  periodQuerySchema,
  vendorCostInputSchema,
  yearQuerySchema,
} from '../../../domain/payroll/inputs'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireSignedIn, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { accountingView, createVendorCost, deleteVendorCost, VENDOR_COST_NOT_FOUND } from './accounting-service'
import { createPayEntry, deletePayEntry, PAY_ENTRY_NOT_FOUND, payEntries } from './entry-service'
import { assertMayOpenPay, myPay, PERSON_NOT_FOUND } from './my-pay-service'
import { payrollOverview, payrollPeople, updatePaySettings } from './overview-service'
import { approvePeriod, lockPeriod, markPeriodPaid, reopenPeriod } from './period-moves'
import { periodCsv, periodDay, periodLineViews, periodView } from './period-service'
import { createPayRule, endPayRule, PAY_RULE_NOT_FOUND, payRules } from './rule-service'
import { yearlyCsv, yearlyPay } from './yearly-service'

const csvFile = (file: { fileName: string; text: string }) =>
  new Response(file.text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition('attachment', file.fileName),
      'Cache-Control': 'private, no-store',
    },
  })

/** Payroll & Accounting (admin and manager): periods, pay rules, manual entries, 1099 totals, accounting. */
export function payrollRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Payroll & Accounting'))
    .get('/overview', async (c) => c.json(await payrollOverview(deps, requireViewer(c))))
    .get('/people', async (c) => c.json({ people: await payrollPeople(deps, requireViewer(c)) }))
    .put('/settings', validate('json', paySettingsSchema), async (c) =>
      c.json(await updatePaySettings(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp'))),
    )
    .get('/periods/:start', async (c) =>
      c.json(await periodView(deps, requireViewer(c), periodDay(c.req.param('start')))),
    )
    .get('/periods/:start/lines', validate('query', linesQuerySchema), async (c) =>
      c.json({
        lines: await periodLineViews(
          deps,
          requireViewer(c),
          periodDay(c.req.param('start')),
          c.req.valid('query').person ?? null,
        ),
      }),
    )
    .get('/periods/:start/export.csv', async (c) =>
      csvFile(await periodCsv(deps, requireViewer(c), periodDay(c.req.param('start')))),
    )
    .post('/periods/:start/approve', idempotent(deps), async (c) =>
      c.json(await approvePeriod(deps, requireViewer(c), periodDay(c.req.param('start')), c.get('clientIp'))),
    )
    .post('/periods/:start/reopen', idempotent(deps), async (c) =>
      c.json(await reopenPeriod(deps, requireViewer(c), periodDay(c.req.param('start')), c.get('clientIp'))),
    )
    .post('/periods/:start/lock', idempotent(deps), async (c) =>
      c.json(await lockPeriod(deps, requireViewer(c), periodDay(c.req.param('start')), c.get('clientIp'))),
    )
    .post('/periods/:start/paid', idempotent(deps), validate('json', markPaidSchema), async (c) =>
      c.json(
        await markPeriodPaid(
          deps,
          requireViewer(c),
          periodDay(c.req.param('start')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
    .get('/rules', async (c) => c.json({ rules: await payRules(deps, requireViewer(c)) }))
    .post('/rules', idempotent(deps), validate('json', payRuleInputSchema), async (c) =>
      c.json({ rule: await createPayRule(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')) }, 201),
    )
    .post('/rules/:ruleId/end', idempotent(deps), validate('json', endRuleSchema), async (c) =>
      c.json({
        rule: await endPayRule(
          deps,
          requireViewer(c),
          uuidParam(c.req.param('ruleId'), PAY_RULE_NOT_FOUND),
          c.req.valid('json').effectiveTo,
          c.get('clientIp'),
        ),
      }),
    )
    .get('/entries', validate('query', periodQuerySchema), async (c) =>
      c.json({ entries: await payEntries(deps, requireViewer(c), c.req.valid('query').period ?? null) }),
    )
    .post('/entries', idempotent(deps), validate('json', payEntryInputSchema), async (c) =>
      c.json({ entry: await createPayEntry(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')) }, 201),
    )
    .delete('/entries/:entryId', async (c) => {
      await deletePayEntry(
        deps,
        requireViewer(c),
        uuidParam(c.req.param('entryId'), PAY_ENTRY_NOT_FOUND),
        c.get('clientIp'),
      )
      return c.json({ deleted: true })
    })
    .get('/yearly', validate('query', yearQuerySchema), async (c) =>
      c.json(await yearlyPay(deps, requireViewer(c), c.req.valid('query').year ?? null)),
    )
    .get('/yearly.csv', validate('query', yearQuerySchema), async (c) =>
      csvFile(await yearlyCsv(deps, requireViewer(c), c.req.valid('query').year ?? null)),
    )
    .get('/accounting', validate('query', periodQuerySchema), async (c) =>
      c.json(await accountingView(deps, requireViewer(c), c.req.valid('query').period ?? null)),
    )
    .post('/vendor-costs', idempotent(deps), validate('json', vendorCostInputSchema), async (c) =>
      c.json({ id: await createVendorCost(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')) }, 201),
    )
    .delete('/vendor-costs/:costId', async (c) => {
      await deleteVendorCost(
        deps,
        requireViewer(c),
        uuidParam(c.req.param('costId'), VENDOR_COST_NOT_FOUND),
        c.get('clientIp'),
      )
      return c.json({ deleted: true })
    })
}

/**
 * My Pay: a recovery agent's or camera car driver's own pay, on their dashboards. Payroll people
 * (admin, manager) may open anyone's; everyone else only their own (403).
 */
export function myPayRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .get('/', validate('query', periodQuerySchema), async (c) => {
      const viewer = requireViewer(c)
      return c.json(await myPay(deps, viewer, viewer.profileId, c.req.valid('query').period ?? null))
    })
    .use('/:profileId', async (c, next) => {
      // Whose pay before the period asked for: someone else's is refused whatever the query.
      assertMayOpenPay(requireViewer(c), c.req.param('profileId'))
      await next()
    })
    .get('/:profileId', validate('query', periodQuerySchema), async (c) =>
      c.json(
        await myPay(
          deps,
          requireViewer(c),
          uuidParam(c.req.param('profileId'), PERSON_NOT_FOUND),
          c.req.valid('query').period ?? null,
        ),
      ),
    )
}
