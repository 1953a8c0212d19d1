import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AppointmentInput,
  HandOverInput,
  PropertyDisposalInput,
  PropertyNoticeInput,
  PropertyReleaseInput,
  PropertyRuleInput,
} from '../../../../domain/property/redemption'
import { readJson } from '../../../lib/api'
import { type SubmitOptions, useSubmitMutation } from '../../../lib/submit-key'
import type { ReportTarget } from '../../condition-reports/api'
import type { CaseProperty } from '../api'

// Property Redemptions (issue 20). The routes below /api/property past the inventory are called
// by path: their answers are typed here from the agreed contract.

export type PropertyStage = 'held' | 'notice due' | 'ready to dispose' | 'closed'
export type StageFilter = '' | 'held' | 'notice-due' | 'ready' | 'closed'

export type InventoryRow = {
  id: string
  caseLabel: string
  orderId: string | null
  caseId: string | number | null
  vehicle: string | null
  debtorName: string | null
  state: string | null
  holdUntil: string | null
  noticeDue: string | null
  heldItems: number
  totalItems: number
  lastNoticeOn: string | null
  nextAppointmentAt: string | null
  stage: PropertyStage
}
export type InventoryPage = { inventories: InventoryRow[]; more: boolean }

export type Notice = {
  id: string
  sentOn: string
  method: string
  proofFileId: string | null
  recordedBy: string | null
  recordedAt: string
}
export type Appointment = {
  id: string
  startsAt: string
  personName: string
  phone: string | null
  notes: string | null
  status: 'scheduled' | 'kept' | 'cancelled'
}
export type PropertyRelease = {
  id: string
  kind: 'release' | 'disposal'
  status: 'pending' | 'completed' | 'cancelled'
  itemIds: string[]
  releasedTo: string | null
  idType: string | null
  idLast4: string | null
  disposalMethod: string | null
  createdAt: string
  completedAt: string | null
  signature: { status: 'waiting' | 'signed'; signerName: string | null; signedAt: string | null } | null
}
/** A case's property as the redemption screens read it: the inventory, and what happened since. */
export type PropertyDetail = CaseProperty & {
  notices?: Notice[]
  appointments?: Appointment[]
  releases?: PropertyRelease[]
  rule?: { holdDays: number; noticeDays: number; source: 'company' | 'state' | 'default' }
  canDispose?: boolean
  may?: { release: boolean }
}
export type SignatureLink = { link: string; expiresAt: string }
export type StateRule = { state: string; holdDays: number; noticeDays: number; source: string }
export type PropertyRules = {
  rules: StateRule[]
  defaultRule?: { holdDays: number; noticeDays: number }
  contact: string | null
  requireTwoPersonInventory?: boolean
}

/** Calls our API by path: JSON in, JSON or `{ error }` out (with the submit's Idempotency-Key). */
async function call<T>(method: string, path: string, body?: unknown, submit?: SubmitOptions): Promise<T> {
  const headers: Record<string, string> = { ...(submit?.headers ?? {}) }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  return readJson<T>(
    await fetch(`/api/property${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}

const idOf = (target: ReportTarget) => (target.subject === 'order' ? target.orderId : target.caseId)
/** The same key as the case detail's property card, so both read one answer. */
export const propertyKey = (target: ReportTarget) => ['property', target.subject, idOf(target)] as const
const casePath = (target: ReportTarget) =>
  target.subject === 'order' ? `/cases/orders/${target.orderId}` : `/cases/rdn/${target.caseId}`

export function useInventories(filter: { q: string; stage: StageFilter; offset: number }) {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.stage) params.set('stage', filter.stage)
  if (filter.offset) params.set('offset', String(filter.offset))
  return useQuery({
    queryKey: ['property-list', filter],
    queryFn: () => call<InventoryPage>('GET', `?${params}`),
    placeholderData: keepPreviousData,
  })
}

const waitingForSignature = (property: PropertyDetail | undefined) =>
  property?.releases?.some((release) => release.status === 'pending' && release.signature?.status === 'waiting')

/** The case's property, read again on focus and every few seconds while a release waits for its signature. */
export function usePropertyDetail(target: ReportTarget) {
  return useQuery({
    queryKey: propertyKey(target),
    queryFn: () => call<PropertyDetail>('GET', casePath(target)),
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) => (waitingForSignature(query.state.data) ? 4_000 : false),
  })
}

/** A mutation answering the case's property, which then replaces what the screen shows. */
function usePropertyMutation<Input, Answer = PropertyDetail>(
  target: ReportTarget,
  send: (input: Input, submit: SubmitOptions) => Promise<Answer>,
  propertyOf: (answer: Answer) => PropertyDetail | undefined = (answer) => answer as PropertyDetail,
) {
  const queryClient = useQueryClient()
  return useSubmitMutation<Answer, Input>({
    mutationFn: send,
    onSuccess: (answer) => {
      const property = propertyOf(answer)
      if (property) queryClient.setQueryData(propertyKey(target), property)
      else void queryClient.invalidateQueries({ queryKey: propertyKey(target) })
      void queryClient.invalidateQueries({ queryKey: ['property-list'] })
      void queryClient.invalidateQueries({ queryKey: ['timeline', target.subject, idOf(target)] })
    },
  })
}

export const useRecordNotice = (target: ReportTarget, inventoryId: string) =>
  usePropertyMutation(target, (json: PropertyNoticeInput, submit) =>
    call<PropertyDetail>('POST', `/inventories/${inventoryId}/notices`, json, submit),
  )

export const useBookAppointment = (target: ReportTarget, inventoryId: string) =>
  usePropertyMutation(target, (json: AppointmentInput, submit) =>
    call<PropertyDetail>('POST', `/inventories/${inventoryId}/appointments`, json, submit),
  )

export const useAppointmentStatus = (target: ReportTarget) =>
  usePropertyMutation(target, (input: { id: string; status: 'kept' | 'cancelled' }, submit) =>
    call<PropertyDetail>('POST', `/appointments/${input.id}/status`, { status: input.status }, submit),
  )

export const useStartRelease = (target: ReportTarget, inventoryId: string) =>
  usePropertyMutation(
    target,
    (json: PropertyReleaseInput, submit) =>
      call<SignatureLink & { property: PropertyDetail }>('POST', `/inventories/${inventoryId}/releases`, json, submit),
    (answer) => answer.property,
  )

export const useNewSignatureLink = (target: ReportTarget, releaseId: string) =>
  usePropertyMutation(
    target,
    (json: PropertyReleaseInput['signer'], submit) =>
      call<SignatureLink>('POST', `/releases/${releaseId}/signature`, json, submit),
    () => undefined,
  )

export const useHandOver = (target: ReportTarget, releaseId: string) =>
  usePropertyMutation(target, (json: HandOverInput, submit) =>
    call<PropertyDetail>('POST', `/releases/${releaseId}/complete`, json, submit),
  )

export const useCancelRelease = (target: ReportTarget, releaseId: string) =>
  usePropertyMutation(target, (_: undefined, submit) =>
    call<PropertyDetail>('POST', `/releases/${releaseId}/cancel`, undefined, submit),
  )

export const useDispose = (target: ReportTarget, inventoryId: string) =>
  usePropertyMutation(target, (json: PropertyDisposalInput, submit) =>
    call<PropertyDetail>('POST', `/inventories/${inventoryId}/disposals`, json, submit),
  )

export const noticeLetterUrl = (inventoryId: string) => `/api/property/inventories/${inventoryId}/notice-letter.pdf`

export function usePeople() {
  return useQuery({
    queryKey: ['property-people'],
    queryFn: () => call<{ people: { id: string; name: string }[] }>('GET', '/people'),
    staleTime: 60_000,
  })
}

const rulesKey = ['property-rules'] as const

export function useStateRules(enabled: boolean) {
  return useQuery({
    queryKey: rulesKey,
    queryFn: () => call<PropertyRules>('GET', '/rules'),
    enabled,
  })
}

/** Saves or removes a state's rule, or saves the settings (the contact on letters, two-person inventory). */
export function useRuleChange() {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: (
      change:
        | { kind: 'save'; state: string; rule: PropertyRuleInput }
        | { kind: 'remove'; state: string }
        | { kind: 'settings'; contact: string | null; requireTwoPersonInventory: boolean },
      submit,
    ) =>
      change.kind === 'save'
        ? call<unknown>('PUT', `/rules/${change.state}`, change.rule, submit)
        : change.kind === 'remove'
          ? call<unknown>('DELETE', `/rules/${change.state}`, undefined, submit)
          : call<unknown>(
              'PUT',
              '/settings',
              { contact: change.contact, requireTwoPersonInventory: change.requireTwoPersonInventory },
              submit,
            ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  })
}
