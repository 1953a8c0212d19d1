import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { RecoveryActCorrection } from '../../../domain/holds/on-hook'
import { api, readJson } from '../../lib/api'
import { type SubmitOptions, useSubmitMutation } from '../../lib/submit-key'

/** Whose field record: an order by its id, or an RDN case by the case id its detail opens. */
export type FieldCaseTarget = { subject: 'order'; orderId: string } | { subject: 'case'; caseId: string }

/** One On-Hook or Yield as recorded (never edited: a correction is a new entry naming it). */
export type RecoveryAct = {
  id: string
  kind: 'on_hook' | 'yield'
  recorded_at: string
  device_time: string | null
  latitude: number | null
  longitude: number | null
  accuracy_m: number | null
  photo_file_id: string | null
  address: string | null
  yield_reason: string | null
  note: string | null
  corrects_id: string | null
  correction_reason: string | null
  recorded_by: string | null
}
/** A stop placed on the case (GET /api/recovery/cases/...: holds, newest first). */
export type CaseHold = {
  id: string
  status: string
  reason: string | null
  source: string
  placed_at: string
  lifted_at: string | null
  arrived_after_recovery: boolean
  placed_by: string | null
}
/** What a case page shows of its field acts and holds (features/holds/on-hook-service.ts caseFieldRecord). */
export type FieldRecord = {
  status: string | null
  stopped: boolean
  stopMessage: string | null
  canRecord: boolean
  photoRequired: boolean
  acts: RecoveryAct[]
  holds: CaseHold[]
}

/** The case's path under /api/recovery (its routes are built in a loop, so the typed client has no types for them). */
const casePath = (target: FieldCaseTarget) =>
  target.subject === 'order'
    ? `/api/recovery/cases/orders/${encodeURIComponent(target.orderId)}`
    : `/api/recovery/cases/rdn/${encodeURIComponent(target.caseId)}`

const postJson = (path: string, body: unknown, submit: SubmitOptions) =>
  fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', ...submit.headers },
    body: JSON.stringify(body),
  })

/** What the device adds to an act when it can: its clock, its GPS position and accuracy, a photo. */
export type Evidence = {
  deviceTime?: string
  latitude?: number
  longitude?: number
  accuracyM?: number
  photoFileId?: string
}
export type OnHookBody = Evidence & { address?: string; note?: string }
export type YieldBody = Evidence & { reason: string; address: string; note?: string }

/** Every field record on screen: a hold notice refreshes them all. */
export const fieldRecordsKey = ['recovery-field'] as const
export const fieldRecordKey = (target: FieldCaseTarget) =>
  [...fieldRecordsKey, target.subject, target.subject === 'order' ? target.orderId : target.caseId] as const

export function useFieldRecord(target: FieldCaseTarget) {
  return useQuery({
    queryKey: fieldRecordKey(target),
    queryFn: async () => readJson<FieldRecord>(await fetch(casePath(target), { credentials: 'same-origin' })),
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
    mutationFn: async (body: OnHookBody, submit) =>
      readJson<Recorded>(await postJson(`${casePath(target)}/on-hook`, body, submit)),
    onSettled: useAfterAct(target),
  })
}

export function useRecordYield(target: FieldCaseTarget) {
  return useSubmitMutation({
    mutationFn: async (body: YieldBody, submit) =>
      readJson<Recorded>(await postJson(`${casePath(target)}/yield`, body, submit)),
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
