import type { Kysely, Transaction } from 'kysely'
import { normalizeRole, type Role } from '../../../domain/auth/roles'
import type { Payee } from '../../../domain/payroll/rules'
import { displayName } from '../../../domain/profiles/display'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export type PayPerson = { profileId: string; name: string; role: Role; active: boolean }

/** Everyone of the company, active or not (a person who left is still owed for their work). */
export async function payPeople(db: Db, companyId: string): Promise<PayPerson[]> {
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'active'])
    .where('company_id', '=', companyId)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    profileId: row.id,
    name: displayName(row),
    role: normalizeRole(row.role),
    active: row.active !== false,
  }))
}

export function peopleMaps(people: readonly PayPerson[]) {
  const payees = new Map<string, Payee>(
    people.map((person) => [person.profileId, { id: person.profileId, role: person.role }]),
  )
  const names = new Map(people.map((person) => [person.profileId, person.name]))
  return { payees, names }
}
