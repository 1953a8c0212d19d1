import { formatCaseDate } from '../../../domain/formats/dates'
import type { PayRuleInput } from '../../../domain/payroll/inputs'
import { overlappingRule, type PayRule } from '../../../domain/payroll/rules'
import type { PayRuleView } from '../../../domain/payroll/views'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { lockPayroll } from './calendar-repository'
import { payPeople } from './people-repository'
import { payrollChanged } from './period-service'
import { insertRule, ruleRows, setRuleEnd, toRule } from './rules-repository'

export const PAY_RULE_NOT_FOUND = 'Pay rule not found.'

/**
 * Two rules for the same person or role, event, order type and client may not share a day (409);
 * `field`: the day that makes them share one, when a single day does (ending a rule).
 */
const overlapConflict = (rule: Pick<PayRule, 'profileId'>, clash: PayRule, field?: string) =>
  new AppError(
    'conflict',
    `Another rule for the same ${rule.profileId ? 'person' : 'role'} and event is in effect from ${formatCaseDate(clash.effectiveFrom)}${clash.effectiveTo ? ` to ${formatCaseDate(clash.effectiveTo)}` : ''}; end it first or choose other dates.`,
    field,
  )

export async function payRules(deps: AppDeps, viewer: Viewer): Promise<PayRuleView[]> {
  const [rows, people, clients] = await Promise.all([
    ruleRows(deps.db, viewer.companyId),
    payPeople(deps.db, viewer.companyId),
    deps.db.selectFrom('clients').select(['id', 'name']).where('company_id', '=', viewer.companyId).execute(),
  ])
  const names = new Map(people.map((person) => [person.profileId, person.name]))
  const clientNames = new Map(clients.map((client) => [client.id, client.name]))
  return rows.map((row) => {
    const { id, ...rule } = toRule(row)
    return {
      id,
      ...rule,
      personName: rule.profileId ? (names.get(rule.profileId) ?? null) : null,
      clientName: rule.clientId ? (clientNames.get(rule.clientId) ?? null) : null,
      createdAt: row.created_at.toISOString(),
    }
  })
}

async function ruleView(deps: AppDeps, viewer: Viewer, ruleId: string) {
  const rule = (await payRules(deps, viewer)).find((candidate) => candidate.id === ruleId)
  if (!rule) throw notFound(PAY_RULE_NOT_FOUND)
  return rule
}

/** A rule may not overlap another for the same person or role, event, order type and client (409). */
export async function createPayRule(deps: AppDeps, viewer: Viewer, input: PayRuleInput, ip: string | null) {
  const id = await deps.db.transaction().execute(async (trx) => {
    await lockPayroll(trx, viewer.companyId)
    if (input.profileId) {
      const person = await trx
        .selectFrom('profiles')
        .select('id')
        .where('id', '=', input.profileId)
        .where('company_id', '=', viewer.companyId)
        .executeTakeFirst()
      if (!person) throw badRequest('Choose a person of your company.', 'profileId')
    }
    if (input.clientId) {
      const client = await trx
        .selectFrom('clients')
        .select('id')
        .where('id', '=', input.clientId)
        .where('company_id', '=', viewer.companyId)
        .executeTakeFirst()
      if (!client) throw badRequest('Choose a client of your company.', 'clientId')
    }
    const existing = (await ruleRows(trx, viewer.companyId)).map(toRule)
    const clash = overlappingRule(input, existing)
    if (clash) throw overlapConflict(input, clash)
    const { id } = await insertRule(trx, viewer.companyId, input, viewer.profileId)
    await recordAudit(trx, {
      action: 'payroll.rule.created',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `pay_rule:${id}`,
      detail: { ...input },
      ip,
    })
    return id
  })
  payrollChanged(deps, viewer.companyId)
  return ruleView(deps, viewer, id)
}

/** Ending a rule sets its last day; the days it priced in approved or locked periods stay as they were. */
export async function endPayRule(
  deps: AppDeps,
  viewer: Viewer,
  ruleId: string,
  effectiveTo: string,
  ip: string | null,
) {
  await deps.db.transaction().execute(async (trx) => {
    await lockPayroll(trx, viewer.companyId)
    const rules = (await ruleRows(trx, viewer.companyId)).map(toRule)
    const rule = rules.find((candidate) => candidate.id === ruleId)
    if (!rule) throw notFound(PAY_RULE_NOT_FOUND)
    if (effectiveTo < rule.effectiveFrom) throw badRequest('The rule cannot end before it starts.', 'effectiveTo')
    const clash = overlappingRule(
      { ...rule, effectiveTo },
      rules.filter((candidate) => candidate.id !== ruleId),
    )
    if (clash) throw overlapConflict(rule, clash, 'effectiveTo')
    await setRuleEnd(trx, viewer.companyId, ruleId, effectiveTo)
    await recordAudit(trx, {
      action: 'payroll.rule.ended',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `pay_rule:${ruleId}`,
      detail: { before: rule.effectiveTo, after: effectiveTo },
      ip,
    })
  })
  payrollChanged(deps, viewer.companyId)
  return ruleView(deps, viewer, ruleId)
}
