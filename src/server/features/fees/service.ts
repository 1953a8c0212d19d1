import { FEE_TYPES, feeTypeOfRequest, findFeeType } from '../../../domain/billing/fee-catalog'
import { findOverlap, priceCase, recoveryFeeType, versionInForce } from '../../../domain/billing/pricing'
import type { RateCardVersionInput } from '../../../domain/billing/rate-card-input'
import { parseSubstatuses } from '../../../domain/cases/case-view'
import type { Repossession } from '../../../domain/cases/repossession'
import { agencyToday } from '../../../domain/formats/agency-time'
import { addDays } from '../../../domain/formats/calendar-days'
import { formatCaseDate } from '../../../domain/formats/dates'
import { deriveFeeRequests, type OrderSubStatusLink } from '../../../domain/orders/fee-requests'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { orderRepossession, rdnRepossession } from '../../queries/repossession-moment'
import { recordAudit } from '../../records/audit'
import { queueDraftsOfClient } from '../invoices/reprice-queue-repository'
import {
  closeVersion,
  findCardOfClient,
  findClientOfCompany,
  findOrderToPrice,
  findRateCard,
  findRdnCaseToPrice,
  insertRateCard,
  insertVersion,
  listRateCards,
  loadVersions,
  lockRateCard,
} from './repository'

export const RATE_CARD_NOT_FOUND = 'No such rate card.'
export const CLIENT_NOT_FOUND = 'No such client.'
export const ORDER_NOT_FOUND = 'Order not found'
export const CASE_NOT_FOUND = 'The requested case could not be found.'

/** The fee catalog as Fee Schedules shows it. */
export const feeCatalog = () =>
  FEE_TYPES.map(({ code, name, category, glCode, aliases }) => ({ code, name, category, glCode, aliases }))

export async function rateCards({ db }: AppDeps, viewer: Viewer) {
  const cards = await listRateCards(db, viewer.companyId)
  return cards.map((card) => ({ ...card, version_count: Number(card.version_count ?? 0) }))
}

/** A new card for a client of the company (404 otherwise); one per client and lienholder (409). */
export async function createRateCard(
  deps: AppDeps,
  viewer: Viewer,
  input: { clientId: string; lienholderName: string | null },
  ip: string,
) {
  const { db } = deps
  if (!(await findClientOfCompany(db, viewer.companyId, input.clientId))) throw notFound(CLIENT_NOT_FOUND)
  if (await findCardOfClient(db, viewer.companyId, input.clientId, input.lienholderName)) {
    throw new AppError('conflict', 'This client already has a rate card for that lienholder.', 'lienholderName')
  }
  const card = await insertRateCard(db, { companyId: viewer.companyId, ...input })
  // The client's drafts priced without a card are priced again in the background.
  await queueDraftsOfClient(db, viewer.companyId, input.clientId, viewer)
  await recordAudit(db, {
    action: 'rate_card.created',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `rate_card:${card.id}`,
    detail: { clientId: input.clientId, lienholderName: input.lienholderName },
    ip,
  })
  return rateCard(deps, viewer, card.id)
}

/** A card with every version and its rows, newest version first. */
export async function rateCard({ db }: AppDeps, viewer: Viewer, cardId: string) {
  const card = await findRateCard(db, viewer.companyId, cardId)
  if (!card) throw notFound(RATE_CARD_NOT_FOUND)
  const versions = await loadVersions(db, viewer.companyId, cardId)
  return { ...card, versions: versions.reverse() }
}

/**
 * Adds a version to a card. An open-ended new version ends the open one that began earlier the day
 * before it starts (the new one takes over); any other overlap of effective dates is refused. Invoices keep the amounts
 * they were sent with, so a new version never reprices one; the client's unsent drafts are queued to be priced again.
 */
export async function addRateCardVersion(
  deps: AppDeps,
  viewer: Viewer,
  cardId: string,
  input: RateCardVersionInput,
  ip: string,
) {
  const id = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockRateCard(trx, viewer.companyId, cardId)
    if (!locked) throw notFound(RATE_CARD_NOT_FOUND)
    const versions = await loadVersions(trx, viewer.companyId, cardId)
    const open = versions.find((version) => version.effectiveTo === null)
    // Only an open-ended new version takes over from the open one: a bounded one would leave a gap after it.
    const superseded = open && input.effectiveTo === null && open.effectiveFrom < input.effectiveFrom ? open : undefined
    const number = (versions.at(-1)?.version ?? 0) + 1
    const proposed = [
      ...versions.map((version) =>
        version === superseded ? { ...version, effectiveTo: addDays(input.effectiveFrom, -1) } : version,
      ),
      { version: number, effectiveFrom: input.effectiveFrom, effectiveTo: input.effectiveTo, rows: [], storage: null },
    ]
    const overlap = findOverlap(proposed)
    if (overlap) {
      const other = overlap.find((version) => version.version !== number) ?? overlap[0]
      throw badRequest(
        `These dates overlap version ${other.version} (${formatCaseDate(other.effectiveFrom)} to ${other.effectiveTo ? formatCaseDate(other.effectiveTo) : 'open'}).`,
        'effectiveFrom',
      )
    }
    if (superseded) await closeVersion(trx, superseded.id, addDays(input.effectiveFrom, -1))
    const versionId = await insertVersion(
      trx,
      { companyId: viewer.companyId, cardId, version: number, profileId: viewer.profileId },
      input,
    )
    // Drafts are priced again with the new version, in the background; sent invoices keep their amounts.
    await queueDraftsOfClient(trx, viewer.companyId, locked.client_id, viewer)
    await recordAudit(trx, {
      action: 'rate_card.version_added',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `rate_card:${cardId}`,
      detail: {
        version: number,
        effectiveFrom: input.effectiveFrom,
        effectiveTo: input.effectiveTo,
        rows: input.rows.length,
        closedVersion: superseded?.version,
      },
      ip,
    })
    return versionId
  })
  const card = await rateCard(deps, viewer, cardId)
  return { card, versionId: id }
}

/** What pricing needs of an order or RDN case, read from either. */
type CaseFacts = Repossession & {
  clientId: string | null
  lienholderName: string | null
  orderType: string | null
  market: string | null
  state: string | null
  subStatuses: OrderSubStatusLink[]
}

/**
 * 'Price this case': the invoice a case would get today from its client's rate card (the card
 * for its lienholder first, else the client's own), in the version in force on its repossession
 * date (today before one): its recovery fee once repossessed, its fee requests not declined, and
 * storage from the repossession until now.
 */
async function priceFacts(db: AppDeps['db'], viewer: Viewer, facts: CaseFacts, now: Date) {
  const cardOfClient =
    facts.clientId === null
      ? undefined
      : ((facts.lienholderName
          ? await findCardOfClient(db, viewer.companyId, facts.clientId, facts.lienholderName)
          : undefined) ?? (await findCardOfClient(db, viewer.companyId, facts.clientId, null)))
  const card = cardOfClient && (await findRateCard(db, viewer.companyId, cardOfClient.id))
  const day = facts.repossessedOn ?? agencyToday(now)
  const fees = [
    ...(facts.repossessed ? [{ feeType: recoveryFeeType(facts.orderType) }] : []),
    ...deriveFeeRequests(facts.subStatuses)
      .filter((request) => request.status !== 'declined')
      .map((request) => ({ feeType: feeTypeOfRequest(request.type).code })),
  ]
  // Repossessed by its status with no date: priced as of today, and said so.
  const warning =
    facts.repossessed && facts.repossessedOn === null
      ? 'No repossession date: the version and storage are as of today until one is set.'
      : null
  const empty = { card: null, version: null, day, lines: [], totalCents: 0, needsApproval: false, warning }
  if (!card) return { ...empty, reason: 'This case’s client has no rate card.' }
  const version = versionInForce(await loadVersions(db, viewer.companyId, card.id), day)
  if (!version) return { ...empty, card, reason: `No version of the rate card is in force on ${formatCaseDate(day)}.` }
  const priced = priceCase(version, {
    orderType: facts.orderType,
    market: facts.market,
    state: facts.state,
    fees,
    repossessedAt: facts.repossessed ? (facts.repossessedAt ?? new Date(`${day}T00:00:00Z`)) : null,
    storageStopAt: now,
  })
  return {
    card,
    day,
    reason: null,
    warning,
    ...priced,
    lines: priced.lines.map((line) => ({ ...line, feeName: findFeeType(line.feeType)?.name ?? line.feeType })),
  }
}

export async function priceOrder({ db }: AppDeps, viewer: Viewer, orderId: string, now = new Date()) {
  const order = await findOrderToPrice(db, viewer.companyId, orderId)
  if (!order) throw notFound(ORDER_NOT_FOUND)
  return priceFacts(
    db,
    viewer,
    {
      clientId: order.client_id,
      lienholderName: order.lienholder_name,
      ...orderRepossession(order),
      orderType: order.repo_type,
      market: order.detected_market,
      state: order.recovery_state ?? order.borrower_state,
      subStatuses: order.sub_statuses,
    },
    now,
  )
}

/** The same for an RDN case (by the case id its detail opens): its client is its lender's (SPEC.md section 3). */
export async function priceRdnCase({ db }: AppDeps, viewer: Viewer, caseId: number, now = new Date()) {
  const rdnCase = await findRdnCaseToPrice(db, viewer.companyId, caseId)
  if (!rdnCase) throw notFound(CASE_NOT_FOUND)
  return priceFacts(
    db,
    viewer,
    {
      clientId: rdnCase.client_id,
      lienholderName: rdnCase.lienholder_name,
      ...rdnRepossession(rdnCase),
      orderType: rdnCase.order_type,
      market: rdnCase.detected_market,
      state: rdnCase.recovery_state ?? rdnCase.debtor_state,
      subStatuses: parseSubstatuses(rdnCase.substatus).map((code) => ({
        sub_status_code: code,
        assigned_at: rdnCase.updated_at,
        active: true,
      })),
    },
    now,
  )
}
