import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { PayEntryInput } from '../../../domain/payroll/inputs'
import { PAY_ENTRY_LABELS } from '../../../domain/payroll/pay-kinds'
import type { PayCalendar } from '../../../domain/payroll/periods'
import type { PayEntryView } from '../../../domain/payroll/views'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { loadCalendar, lockPayroll } from './calendar-repository'
import { resolveCase } from './case-ref'
import { caseHrefs } from './lines-repository'
import { payrollChanged, periodStarting } from './period-service'

export const PAY_ENTRY_NOT_FOUND = 'Pay entry not found.'

/** A day in an approved or locked period takes no new entry: corrections go in the next open period. */
function refuseFrozenDay(calendar: PayCalendar, day: string, what: string) {
  const frozen = calendar.frozenAt(day)
  if (!frozen) return
  const open = calendar.firstOpenFrom(day)
  throw new AppError(
    'conflict',
    `The pay period of ${formatCaseDate(day)} is ${frozen.status}; ${what} in the period from ${formatCaseDate(open.start)} or later.`,
    'occurredOn',
  )
}

/** The company's manual entries, newest first: a period's, or one by its id. */
export async function payEntries(
  deps: AppDeps,
  viewer: Viewer,
  periodStart: string | null,
  entryId?: string,
): Promise<PayEntryView[]> {
  const calendar = await loadCalendar(deps.db, viewer.companyId)
  let query = deps.db
    .selectFrom('pay_entries as e')
    .innerJoin('profiles as p', 'p.id', 'e.profile_id')
    .select([
      'e.id',
      'e.kind',
      'e.profile_id',
      'e.occurred_on',
      'e.amount_cents',
      'e.miles',
      'e.hours',
      'e.reason',
      'e.note',
      'e.order_id',
      'e.rdn_case_id',
      'e.case_label',
      'p.first_name',
      'p.last_name',
      'p.email',
    ])
    .where('e.company_id', '=', viewer.companyId)
  if (entryId) query = query.where('e.id', '=', entryId)
  if (periodStart) {
    const period = periodStarting(calendar, periodStart)
    query = query.where('e.occurred_on', '>=', period.start).where('e.occurred_on', '<=', period.end)
  }
  const rows = await query.orderBy('e.occurred_on', 'desc').orderBy('e.created_at', 'desc').limit(500).execute()
  const keyOf = (row: (typeof rows)[number]) =>
    row.order_id ? `order:${row.order_id}` : row.rdn_case_id ? `rdn:${row.rdn_case_id}` : null
  const hrefs = await caseHrefs(
    deps.db,
    viewer.companyId,
    rows.map(keyOf).filter((key) => key !== null),
  )
  return rows.map((row) => {
    const caseKey = keyOf(row)
    return {
      id: row.id,
      kind: row.kind,
      profileId: row.profile_id,
      personName: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || 'User',
      occurredOn: row.occurred_on,
      amountCents:
        row.amount_cents === null
          ? null
          : row.kind === 'chargeback'
            ? -Number(row.amount_cents)
            : Number(row.amount_cents),
      miles: row.miles === null ? null : Number(row.miles),
      hours: row.hours === null ? null : Number(row.hours),
      reason: row.reason,
      note: row.note,
      caseLabel: row.case_label,
      caseHref: caseKey ? (hrefs.get(caseKey) ?? null) : null,
      frozen: calendar.isFrozen(row.occurred_on),
    }
  })
}

const entryText = (input: PayEntryInput, name: string) => {
  const label = PAY_ENTRY_LABELS[input.kind]
  if (input.kind === 'adjustment') return `${label} ${formatCents(input.amountCents)} for ${name}: ${input.note}`
  if (input.kind === 'chargeback') return `${label} ${formatCents(-input.amountCents)} for ${name}: ${input.reason}`
  if (input.kind === 'team_partner') return `${name} named the team partner on this recovery`
  const measures = [input.miles !== null ? `${input.miles} mi` : null, input.hours !== null ? `${input.hours} h` : null]
  return `${label} logged for ${name}${measures.some(Boolean) ? ` (${measures.filter(Boolean).join(', ')})` : ''}`
}

export async function createPayEntry(deps: AppDeps, viewer: Viewer, input: PayEntryInput, ip: string | null) {
  const id = await deps.db.transaction().execute(async (trx) => {
    await lockPayroll(trx, viewer.companyId)
    refuseFrozenDay(await loadCalendar(trx, viewer.companyId), input.occurredOn, 'date the correction')
    const person = await trx
      .selectFrom('profiles')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', '=', input.profileId)
      .where('company_id', '=', viewer.companyId)
      .executeTakeFirst()
    if (!person) throw badRequest('Choose a person of your company.', 'profileId')
    const target = await resolveCase(trx, viewer.companyId, input)
    const { id } = await trx
      .insertInto('pay_entries')
      .values({
        company_id: viewer.companyId,
        kind: input.kind,
        profile_id: input.profileId,
        occurred_on: input.occurredOn,
        amount_cents: 'amountCents' in input ? input.amountCents : null,
        miles: 'miles' in input ? input.miles : null,
        hours: 'hours' in input ? input.hours : null,
        reason: input.kind === 'chargeback' ? input.reason : null,
        note: input.note,
        order_id: target.orderId,
        rdn_case_id: target.rdnCaseId,
        case_label: target.label,
        created_by_profile_id: viewer.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const name = [person.first_name, person.last_name].filter(Boolean).join(' ') || person.email || 'User'
    await writeCaseEvent(trx, viewer.companyId, target, 'pay_entry', entryText(input, name), viewer.profileId)
    await recordAudit(trx, {
      action: 'payroll.entry.created',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `pay_entry:${id}`,
      detail: { ...input },
      ip,
    })
    return id
  })
  payrollChanged(deps, viewer.companyId)
  const [entry] = await payEntries(deps, viewer, null, id)
  if (!entry) throw notFound(PAY_ENTRY_NOT_FOUND)
  return entry
}

export async function deletePayEntry(deps: AppDeps, viewer: Viewer, entryId: string, ip: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    await lockPayroll(trx, viewer.companyId)
    const entry = await trx
      .selectFrom('pay_entries')
      .selectAll()
      .where('id', '=', entryId)
      .where('company_id', '=', viewer.companyId)
      .executeTakeFirst()
    if (!entry) throw notFound(PAY_ENTRY_NOT_FOUND)
    refuseFrozenDay(await loadCalendar(trx, viewer.companyId), entry.occurred_on, 'add a correcting entry')
    await trx.deleteFrom('pay_entries').where('id', '=', entryId).execute()
    await writeCaseEvent(
      trx,
      viewer.companyId,
      { orderId: entry.order_id, rdnCaseId: entry.rdn_case_id },
      'pay_entry',
      `${PAY_ENTRY_LABELS[entry.kind]} of ${entry.occurred_on} removed`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'payroll.entry.deleted',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `pay_entry:${entryId}`,
      detail: {
        kind: entry.kind,
        profileId: entry.profile_id,
        occurredOn: entry.occurred_on,
        amountCents: entry.amount_cents,
      },
      ip,
    })
  })
  payrollChanged(deps, viewer.companyId)
}
