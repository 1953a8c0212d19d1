import { type CaseToDraft, planDraft } from '../../../domain/billing/draft-plan'
import { feeTypeOfRequest } from '../../../domain/billing/fee-catalog'
import { versionInForce } from '../../../domain/billing/pricing'
import { agencyToday } from '../../../domain/formats/agency-time'
import { formatCaseDate } from '../../../domain/formats/dates'
import { deriveFeeRequests } from '../../../domain/orders/fee-requests'
import type { DraftSubject } from './draft-subjects'
import type { CardWithVersions } from './drafting-repository'

// How one case's draft is planned: the rate card that prices it, the version in force on its
// day, and the plan of lines and fee requests (drafting, repricing and the writer all read it).

/** The card that prices a case: its client's card for its lienholder first, else the client's own. */
export function cardFor(cards: CardWithVersions[], subject: DraftSubject) {
  const ofClient = cards.filter((card) => card.clientId === subject.clientId)
  const lienholder = subject.lienholderName?.trim().toLowerCase()
  return (
    (lienholder ? ofClient.find((card) => card.lienholderName?.toLowerCase() === lienholder) : undefined) ??
    ofClient.find((card) => card.lienholderName === null) ??
    null
  )
}

/** The plan of one case's draft, with the card and version that priced it. */
export function planSubject(
  subject: DraftSubject,
  cards: CardWithVersions[],
  approved: CaseToDraft['approvedRequests'],
  knownCodes: Set<string>,
  now: Date,
  requestedFees?: ReadonlySet<string>,
) {
  const card = cardFor(cards, subject)
  const day = subject.repossessedOn ?? agencyToday(now)
  const version = card ? versionInForce(card.versions, day) : null
  // A code listed twice (an RDN sub-status string, duplicate links) is one request.
  const derivedRequests = [
    ...new Map(deriveFeeRequests(subject.subStatuses).map((request) => [request.code, request])).values(),
  ]
    .filter((request) => !knownCodes.has(`${subject.caseKey}|${request.code}`))
    .map((request) => ({ code: request.code, feeType: feeTypeOfRequest(request.type).code, status: request.status }))
  const reason =
    subject.clientId === null
      ? 'This case has no client to bill.'
      : card
        ? `No version of the rate card is in force on ${formatCaseDate(day)}.`
        : 'This case’s client has no rate card.'
  const plan = planDraft(
    version,
    { ...subject.facts, derivedRequests, approvedRequests: approved, requestedFees },
    now,
    reason,
  )
  return { card, version, plan }
}

export type SubjectPlan = ReturnType<typeof planSubject>
