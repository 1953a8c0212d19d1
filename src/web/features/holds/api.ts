import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { OnHookInput, RecoveryActCorrection, YieldInput } from '../../../domain/holds/on-hook'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

/** Whose field record: an order by its id, or an RDN case by the case id its detail opens. */
export type FieldCaseTarget = { subject: 'order'; orderId: string } | { subject: 'case'; caseId: string }

const cases = api.api.recovery.cases

/** What a case page shows of its field acts and holds (features/holds/field-record-service.ts). */
export type FieldRecord = InferResponseType<(typeof cases.orders)[':orderId']['$get'], 200>
/** One On-Hook or Yield as recorded (never edited: a correction is a new entry naming it). */
export type RecoveryAct = FieldRecord['acts'][number]
/** A stop placed on the case, newest first. */
export type CaseHold = FieldRecord['holds'][number]

/** What the device adds to an act when it can: its clock, its GPS position and accuracy, a photo. */
export type Evidence = Omit<OnHookInput, 'address' | 'note'>

/** Every field record on screen: a hold notice refreshes them all. */
export const fieldRecordsKey = ['recovery-field'] as const
export const fieldRecordKey = (target: FieldCaseTarget) =>
  [...fieldRecordsKey, target.subject, target.subject === 'order' ? target.orderId : target.caseId] as const

export function useFieldRecord(target: FieldCaseTarget) {
  return useQuery({
    queryKey: fieldRecordKey(target),
    queryFn: async () =>
      readJson<FieldRecord>(
        target.subject === 'order'
          ? await cases.orders[':orderId'].$get({ param: { orderId: target.orderId } })
          : await cases.rdn[':caseId'].$get({ param: { caseId: target.caseId } }),
      ),
  })
}

/** After an act: the case (its status), its record and timeline, what prices it, the agent's lists. */
function useAfterAct(target: FieldCaseTarget) {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: fieldRecordKey(target) })
    void queryClient.invalidateQueries({ queryKey: target.subject === 'order' ? ['orders'] : ['cases'] })
    void queryClient.invalidateQueries({ queryKey: ['timeline'] })
    void queryClient.invalidateQueries({ queryKey: ['dashboards'] })
    void queryClient.invalidateQueries({ queryKey: ['fees', 'price'] })
    void queryClient.invalidateQueries({ queryKey: ['invoices'] })
  }
}

type Recorded = { id: string; recordedAt: string }

/** On-Hook, once per tap however often it is sent (the submit's Idempotency-Key). */
export function useRecordOnHook(target: FieldCaseTarget) {
  return useSubmitMutation({
    mutationFn: async (json: OnHookInput, submit) =>
      readJson<Recorded>(
        target.subject === 'order'
          ? await cases.orders[':orderId']['on-hook'].$post({ param: { orderId: target.orderId }, json }, submit)
          : await cases.rdn[':caseId']['on-hook'].$post({ param: { caseId: target.caseId }, json }, submit),
      ),
    onSettled: useAfterAct(target),
  })
}

export function useRecordYield(target: FieldCaseTarget) {
  return useSubmitMutation({
    mutationFn: async (json: YieldInput, submit) =>
      readJson<Recorded>(
        target.subject === 'order'
          ? await cases.orders[':orderId'].yield.$post({ param: { orderId: target.orderId }, json }, submit)
          : await cases.rdn[':caseId'].yield.$post({ param: { caseId: target.caseId }, json }, submit),
      ),
    onSettled: useAfterAct(target),
  })
}

/** A correction of a recorded act: a new entry with its reason. */
export function useCorrectAct(target: FieldCaseTarget, actId: string) {
  return useSubmitMutation({
    mutationFn: async (json: RecoveryActCorrection, submit) =>
      readJson<Recorded>(await api.api.recovery.acts[':actId'].corrections.$post({ param: { actId }, json }, submit)),
    onSettled: useAfterAct(target),
  })
}
