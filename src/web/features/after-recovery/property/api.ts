import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type {
  AppointmentInput,
  HandOverInput,
  PropertyDisposalInput,
  PropertyNoticeInput,
  PropertyReleaseInput,
  PropertyRuleInput,
} from '../../../../domain/property/redemption'
import { api, readJson } from '../../../lib/api'
import { type SubmitOptions, useSubmitMutation } from '../../../lib/submit-key'
import type { ReportTarget } from '../../condition-reports/api'
import type { CaseProperty } from '../api'

// Property Redemptions (issue 20): the case's property past its inventory, typed from the server.

const property = api.api.property
export type InventoryPage = InferResponseType<typeof property.$get, 200>
export type InventoryRow = InventoryPage['inventories'][number]
export type PropertyStage = InventoryRow['stage']
export type StageFilter = '' | NonNullable<Parameters<typeof property.$get>[0]['query']['stage']>
/** A case's property as the redemption screens read it: the inventory, and what happened since. */
export type PropertyDetail = CaseProperty
export type Notice = PropertyDetail['notices'][number]
export type Appointment = PropertyDetail['appointments'][number]
export type PropertyRelease = PropertyDetail['releases'][number]
export type SignatureLink = { link: string; expiresAt: string }
export type PropertyRules = InferResponseType<typeof property.rules.$get, 200>
export type StateRule = PropertyRules['rules'][number]

const idOf = (target: ReportTarget) => (target.subject === 'order' ? target.orderId : target.caseId)
/** The same key as the case detail's property card, so both read one answer. */
export const propertyKey = (target: ReportTarget) => ['property', target.subject, idOf(target)] as const

export function useInventories(filter: { q: string; stage: StageFilter; offset: number }) {
  return useQuery({
    queryKey: ['property-list', filter],
    queryFn: async () =>
      readJson<InventoryPage>(
        await property.$get({
          query: {
            q: filter.q || undefined,
            stage: filter.stage || undefined,
            offset: filter.offset ? String(filter.offset) : undefined,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  })
}

const waitingForSignature = (answer: PropertyDetail | undefined) =>
  answer?.releases.some((release) => release.status === 'pending' && release.signature?.status === 'waiting')

/** The case's property, read again on focus and every few seconds while a release waits for its signature. */
export function usePropertyDetail(target: ReportTarget) {
  return useQuery({
    queryKey: propertyKey(target),
    queryFn: async () =>
      readJson<PropertyDetail>(
        target.subject === 'order'
          ? await property.cases.orders[':orderId'].$get({ param: { orderId: target.orderId } })
          : await property.cases.rdn[':caseId'].$get({ param: { caseId: target.caseId } }),
      ),
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
      const fresh = propertyOf(answer)
      if (fresh) queryClient.setQueryData(propertyKey(target), fresh)
      else void queryClient.invalidateQueries({ queryKey: propertyKey(target) })
      void queryClient.invalidateQueries({ queryKey: ['property-list'] })
      void queryClient.invalidateQueries({ queryKey: ['timeline', target.subject, idOf(target)] })
    },
  })
}

const inventory = (inventoryId: string) => ({ param: { inventoryId } })
const release = (releaseId: string) => ({ param: { releaseId } })

export const useRecordNotice = (target: ReportTarget, inventoryId: string) =>
  usePropertyMutation(target, async (json: PropertyNoticeInput, submit) =>
    readJson<PropertyDetail>(
      await property.inventories[':inventoryId'].notices.$post({ ...inventory(inventoryId), json }, submit),
    ),
  )

export const useBookAppointment = (target: ReportTarget, inventoryId: string) =>
  usePropertyMutation(target, async (json: AppointmentInput, submit) =>
    readJson<PropertyDetail>(
      await property.inventories[':inventoryId'].appointments.$post({ ...inventory(inventoryId), json }, submit),
    ),
  )

export const useAppointmentStatus = (target: ReportTarget) =>
  usePropertyMutation(target, async (input: { id: string; status: 'kept' | 'cancelled' }, submit) =>
    readJson<PropertyDetail>(
      await property.appointments[':appointmentId'].status.$post(
        { param: { appointmentId: input.id }, json: { status: input.status } },
        submit,
      ),
    ),
  )

export const useStartRelease = (target: ReportTarget, inventoryId: string) =>
  usePropertyMutation(
    target,
    async (json: PropertyReleaseInput, submit) =>
      readJson<SignatureLink & { releaseId: string; property: PropertyDetail }>(
        await property.inventories[':inventoryId'].releases.$post({ ...inventory(inventoryId), json }, submit),
      ),
    (answer) => answer.property,
  )

export const useNewSignatureLink = (target: ReportTarget, releaseId: string) =>
  usePropertyMutation(
    target,
    async (json: PropertyReleaseInput['signer'], submit) =>
      readJson<SignatureLink>(
        await property.releases[':releaseId'].signature.$post({ ...release(releaseId), json }, submit),
      ),
    () => undefined,
  )

export const useHandOver = (target: ReportTarget, releaseId: string) =>
  usePropertyMutation(target, async (json: HandOverInput, submit) =>
    readJson<PropertyDetail>(
      await property.releases[':releaseId'].complete.$post({ ...release(releaseId), json }, submit),
    ),
  )

export const useCancelRelease = (target: ReportTarget, releaseId: string) =>
  usePropertyMutation(target, async (_: undefined, submit) =>
    readJson<PropertyDetail>(await property.releases[':releaseId'].cancel.$post(release(releaseId), submit)),
  )

export const useDispose = (target: ReportTarget, inventoryId: string) =>
  usePropertyMutation(target, async (json: PropertyDisposalInput, submit) =>
    readJson<PropertyDetail>(
      await property.inventories[':inventoryId'].disposals.$post({ ...inventory(inventoryId), json }, submit),
    ),
  )

export const noticeLetterUrl = (inventoryId: string) =>
  property.inventories[':inventoryId']['notice-letter.pdf'].$path(inventory(inventoryId))

export function usePeople() {
  return useQuery({
    queryKey: ['property-people'],
    queryFn: async () => readJson<InferResponseType<typeof property.people.$get, 200>>(await property.people.$get()),
    staleTime: 60_000,
  })
}

const rulesKey = ['property-rules'] as const

export function useStateRules(enabled: boolean) {
  return useQuery({
    queryKey: rulesKey,
    queryFn: async () => readJson<PropertyRules>(await property.rules.$get()),
    enabled,
  })
}

type RuleChange =
  | { kind: 'save'; state: string; rule: PropertyRuleInput }
  | { kind: 'remove'; state: string }
  | { kind: 'settings'; contact: string | null; requireTwoPersonInventory: boolean }

/** Saves or removes a state's rule, or saves the settings (the contact on letters, two-person inventory). */
export function useRuleChange() {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (change: RuleChange, submit) => {
      return readJson<unknown>(
        change.kind === 'save'
          ? await property.rules[':state'].$put({ param: { state: change.state }, json: change.rule }, submit)
          : change.kind === 'remove'
            ? await property.rules[':state'].$delete({ param: { state: change.state } }, submit)
            : await property.settings.$put(
                { json: { contact: change.contact, requireTwoPersonInventory: change.requireTwoPersonInventory } },
                submit,
              ),
      )
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  })
}
