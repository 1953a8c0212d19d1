import type { Kysely, Transaction } from 'kysely'
import {
  ASSIGNABLE_ROLE_LABELS,
  type AssignableRole,
  orderWorkMarket,
  worksOrderMarket,
} from '../../domain/orders/order-work'
import { displayName } from '../../domain/profiles/display'
import type { DB } from '../db/schema'
import { badRequest } from '../http/app-error'

type Db = Kysely<DB> | Transaction<DB>

/**
 * The one rule for who may be put on an order, shared by the order detail's save and the field
 * manager's assignment: an active person of the company, in the role, working the order's market
 * (detected_market; an order with none accepts anyone of the role).
 */
export async function listAssignablePeople(
  db: Db,
  companyId: string,
  role: AssignableRole,
  orderMarket: string | null,
) {
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'email', 'market'])
    .where('company_id', '=', companyId)
    .where('role', '=', role)
    .where('active', '=', true)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute()
  // profiles.market may name several markets, so the match is made here rather than in SQL.
  return rows
    .filter((row) => worksOrderMarket(row.market, orderMarket))
    .map((row) => ({ id: row.id, full_name: displayName(row), market: row.market }))
}

/**
 * Refuses with 400 naming `field` a person who may not be put on the order (see
 * listAssignablePeople); null (taking someone off) always passes. A person of another company
 * reads as no such person, so the answer never tells that the id exists elsewhere.
 */
export async function checkAssignablePerson(
  db: Db,
  companyId: string,
  check: { id: string | null; role: AssignableRole; orderMarket: string | null; field: string },
) {
  if (check.id === null) return
  const label = ASSIGNABLE_ROLE_LABELS[check.role]
  const person = await db
    .selectFrom('profiles')
    .select(['role', 'active', 'market'])
    .where('company_id', '=', companyId)
    .where('id', '=', check.id)
    .executeTakeFirst()
  if (!person) throw badRequest(`No ${label} with that id in your company.`, check.field)
  if (person.role !== check.role) throw badRequest(`That person is not a ${label}.`, check.field)
  if (!person.active) throw badRequest(`That ${label} is no longer active.`, check.field)
  if (!worksOrderMarket(person.market, check.orderMarket)) {
    throw badRequest(
      `That ${label} does not work the order’s market (${orderWorkMarket(check.orderMarket)}).`,
      check.field,
    )
  }
}
