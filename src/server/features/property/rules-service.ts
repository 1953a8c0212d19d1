import { DEFAULT_PROPERTY_RULE, STATE_PROPERTY_RULES } from '../../../domain/property/inventory'
import type { PropertyRuleInput } from '../../../domain/property/redemption'
import type { AppDeps, Viewer } from '../../app-env'
import type { Queryable } from '../../db/queryable'
import { recordAudit } from '../../records/audit'

// A company's own hold and notice days per state (issue 20), over the states' defaults, and the
// contact its notice letters print.

export type PropertyRules = Record<string, { holdDays: number; noticeDays: number }>

/** The company's overrides, by state code. */
export async function companyPropertyRules(db: Queryable, companyId: string): Promise<PropertyRules> {
  const rows = await db
    .selectFrom('company_property_rules')
    .select(['state', 'hold_days', 'notice_days'])
    .where('company_id', '=', companyId)
    .execute()
  return Object.fromEntries(rows.map((row) => [row.state, { holdDays: row.hold_days, noticeDays: row.notice_days }]))
}

/** Where a state's rule comes from: the company's, the state's default, or the catch-all default. */
export function ruleFor(state: string | null, overrides: PropertyRules) {
  const code = state?.trim().toUpperCase() ?? ''
  if (overrides[code]) return { ...overrides[code], source: 'company' as const }
  if (STATE_PROPERTY_RULES[code]) return { ...STATE_PROPERTY_RULES[code], source: 'state' as const }
  return { ...DEFAULT_PROPERTY_RULE, source: 'default' as const }
}

/** The states with a rule (their own or the company's), and the letters' contact. */
export async function propertyRules({ db }: AppDeps, viewer: Viewer) {
  const overrides = await companyPropertyRules(db, viewer.companyId)
  const states = [...new Set([...Object.keys(STATE_PROPERTY_RULES), ...Object.keys(overrides)])].sort()
  const company = await db
    .selectFrom('companies')
    .select(['property_contact', 'require_two_person_inventory'])
    .where('id', '=', viewer.companyId)
    .executeTakeFirstOrThrow()
  return {
    rules: states.map((state) => ({ state, ...ruleFor(state, overrides) })),
    defaultRule: DEFAULT_PROPERTY_RULE,
    contact: company.property_contact,
    requireTwoPersonInventory: company.require_two_person_inventory,
  }
}

/** Sets the company's rule for a state (applies to inventories taken from now on). */
export async function setPropertyRule(
  deps: AppDeps,
  viewer: Viewer,
  state: string,
  input: PropertyRuleInput,
  ip: string | null,
) {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('company_property_rules')
      .values({
        company_id: viewer.companyId,
        state,
        hold_days: input.holdDays,
        notice_days: input.noticeDays,
        updated_by_profile_id: viewer.profileId,
      })
      .onConflict((conflict) =>
        conflict.columns(['company_id', 'state']).doUpdateSet({
          hold_days: input.holdDays,
          notice_days: input.noticeDays,
          updated_by_profile_id: viewer.profileId,
          updated_at: new Date(),
        }),
      )
      .execute()
    await recordAudit(trx, {
      action: 'property.rule_set',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_rule:${state}`,
      detail: input,
      ip,
    })
  })
  return propertyRules(deps, viewer)
}

/** Drops the company's rule for a state: the state's default applies again. */
export async function clearPropertyRule(deps: AppDeps, viewer: Viewer, state: string, ip: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('company_property_rules')
      .where('company_id', '=', viewer.companyId)
      .where('state', '=', state)
      .execute()
    await recordAudit(trx, {
      action: 'property.rule_cleared',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_rule:${state}`,
      ip,
    })
  })
  return propertyRules(deps, viewer)
}

/**
 * The company's property settings, each given one changed: the contact notice letters print for the
 * owner to arrange a pickup, and whether an inventory takes two people.
 */
export async function setPropertySettings(
  deps: AppDeps,
  viewer: Viewer,
  input: { contact?: string | null; requireTwoPersonInventory?: boolean },
  ip: string | null,
) {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('companies')
      .set({
        ...(input.contact === undefined ? {} : { property_contact: input.contact }),
        ...(input.requireTwoPersonInventory === undefined
          ? {}
          : { require_two_person_inventory: input.requireTwoPersonInventory }),
      })
      .where('id', '=', viewer.companyId)
      .execute()
    await recordAudit(trx, {
      action: 'property.settings_set',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `company:${viewer.companyId}`,
      detail: input,
      ip,
    })
  })
  return propertyRules(deps, viewer)
}
