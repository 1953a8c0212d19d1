// The payroll agency: a company of its own for the Payroll & Accounting spec, so the periods it
// approves and locks hold its pay alone. Morgan manages, Riley recovers (Mobile), Casey drives the
// camera car; PAY-E2E-1 is Riley's open order. Riley recovered PAY-E2E-0 a week ago (last week's
// period, over and in review), and Casey found PAY-E2E-2 today, a find no pay rule pays.
import type { Kysely } from 'kysely'
import type { Role } from '../src/domain/auth/roles'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import type { DB } from '../src/server/db/schema'
import { E2E_ROLE_PASSWORD, PAYROLL_ORDER, payrollEmail } from './seed-data'

export async function seedPayrollAgency(db: Kysely<DB>) {
  const company = await db
    .insertInto('companies')
    .values({ name: 'Payroll Agency' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const person = (who: Parameters<typeof payrollEmail>[0], role: Role, firstName: string) =>
    insertCredentialUser(db, {
      companyId: company.id,
      email: payrollEmail(who),
      password: E2E_ROLE_PASSWORD,
      firstName,
      lastName: 'Payton',
      role,
      market: role === 'manager' ? null : 'Mobile',
      mustChangePassword: false,
    })
  await person('manager', 'manager', 'Morgan')
  const agent = await person('agent', 'recovery_agent', 'Riley')
  const driver = await person('camera_driver', 'camera_driver', 'Casey')
  const client = await db
    .insertInto('clients')
    .values({ company_id: company.id, name: 'Payroll Lender', client_code: 'PAYL' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('orders')
    .values({
      company_id: company.id,
      order_number: PAYROLL_ORDER,
      case_number: PAYROLL_ORDER,
      client_id: client.id,
      status: 'Open',
      repo_type: 'Involuntary',
      detected_market: 'Mobile',
      borrower_name: 'Jordan Debtor',
      make: 'Ford',
      model: 'Escape',
      year: 2021,
      assigned_agent_id: agent.profileId,
    })
    .execute()
  const order = (number: string, status: string) =>
    db
      .insertInto('orders')
      .values({
        company_id: company.id,
        order_number: number,
        case_number: number,
        client_id: client.id,
        status,
        repo_type: 'Involuntary',
        detected_market: 'Mobile',
        assigned_agent_id: agent.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  const lastWeek = await order('PAY-E2E-0', 'Repossessed')
  await db
    .insertInto('repo_completions')
    .values({
      company_id: company.id,
      order_id: lastWeek.id,
      agent_id: agent.profileId,
      completed_at: new Date(Date.now() - 7 * 86_400_000).toISOString(),
    })
    .execute()
  const found = await order('PAY-E2E-2', 'Open')
  await db
    .insertInto('ccd_finds')
    .values({
      company_id: company.id,
      order_id: found.id,
      driver_id: driver.profileId,
      found_at: new Date().toISOString(),
    })
    .execute()
}
