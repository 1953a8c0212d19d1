import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { KeyJobState } from '../../../domain/dashboards/key-jobs'
import { api, readJson } from '../../lib/api'
import { localToday } from '../../lib/local-day'
import { type SubmitOptions, useSubmitMutation } from '../../lib/submit-key'

const dashboards = api.api.dashboards
/** Dashboards are the start of the day's work: kept fresh while open. */
const REFRESH_MS = 60_000
const key = (name: string, ...rest: unknown[]) => ['dashboards', name, ...rest]

export type ManagementDashboard = InferResponseType<typeof dashboards.management.$get, 200>
export type RecoveryAgentDashboard = InferResponseType<(typeof dashboards)['recovery-agent']['$get'], 200>
export type CameraDriverDashboard = InferResponseType<(typeof dashboards)['camera-driver']['$get'], 200>
export type FieldManagerDashboard = InferResponseType<(typeof dashboards)['field-manager']['$get'], 200>
export type LotDashboard = InferResponseType<(typeof dashboards)['lot-manager']['$get'], 200>
export type KeysDashboard = InferResponseType<typeof dashboards.keys.$get, 200>
export type TransportDashboard = InferResponseType<(typeof dashboards)['transport-manager']['$get'], 200>
export type PostRecoveryDashboard = InferResponseType<(typeof dashboards)['post-recovery-manager']['$get'], 200>

export function useManagementDashboard() {
  const today = localToday()
  return useQuery({
    queryKey: key('management', today),
    queryFn: async () => readJson<ManagementDashboard>(await dashboards.management.$get({ query: { today } })),
    refetchInterval: REFRESH_MS,
  })
}

export function useRecoveryAgentDashboard() {
  const today = localToday()
  return useQuery({
    queryKey: key('recovery-agent', today),
    queryFn: async () =>
      readJson<RecoveryAgentDashboard>(
        await dashboards['recovery-agent'].$get({
          query: { today, offset: String(new Date().getTimezoneOffset()) },
        }),
      ),
    refetchInterval: REFRESH_MS,
  })
}

export function useCameraDriverDashboard(plate: string) {
  return useQuery({
    queryKey: key('camera-driver', plate),
    queryFn: async () =>
      readJson<CameraDriverDashboard>(await dashboards['camera-driver'].$get({ query: plate ? { plate } : {} })),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  })
}

export function useFieldManagerDashboard() {
  return useQuery({
    queryKey: key('field-manager'),
    queryFn: async () => readJson<FieldManagerDashboard>(await dashboards['field-manager'].$get()),
    refetchInterval: REFRESH_MS,
  })
}

/** `limit`: the vehicles listed so far ('Show more' raises it); the list on screen stays while more load. */
export function useLotDashboard(limit: number) {
  const today = localToday()
  return useQuery({
    queryKey: key('lot-manager', today, limit),
    queryFn: async () =>
      readJson<LotDashboard>(await dashboards['lot-manager'].$get({ query: { today, limit: String(limit) } })),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  })
}

export function useKeysDashboard(limit: number) {
  return useQuery({
    queryKey: key('keys', limit),
    queryFn: async () => readJson<KeysDashboard>(await dashboards.keys.$get({ query: { limit: String(limit) } })),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  })
}

export function useTransportDashboard(limit: number) {
  return useQuery({
    queryKey: key('transport-manager', limit),
    queryFn: async () =>
      readJson<TransportDashboard>(await dashboards['transport-manager'].$get({ query: { limit: String(limit) } })),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  })
}

export function usePostRecoveryDashboard() {
  return useQuery({
    queryKey: key('post-recovery-manager'),
    queryFn: async () => readJson<PostRecoveryDashboard>(await dashboards['post-recovery-manager'].$get()),
    refetchInterval: REFRESH_MS,
  })
}

/**
 * A change made from a dashboard, sent once per submit (its Idempotency-Key): afterwards every
 * dashboard (and the order) reads again.
 */
function useDashboardChange<Input>(call: (input: Input, submit: SubmitOptions) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['dashboards'] })
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
    },
  })
}

export function useRecordFind() {
  return useDashboardChange(async (input: { orderId: string; location?: string; notes?: string }, submit) =>
    readJson(await dashboards['camera-driver'].finds.$post({ json: input }, submit)),
  )
}

export function useAssignOrder() {
  return useDashboardChange(
    async ({ orderId, ...json }: { orderId: string; agentId: string | null; cameraDriverId: string | null }, submit) =>
      readJson(await dashboards['field-manager'].assignments[':orderId'].$put({ param: { orderId }, json }, submit)),
  )
}

export function useMarkNotificationsRead() {
  return useDashboardChange(async (ids: string[], submit) =>
    readJson(await dashboards.notifications.read.$post({ json: { ids } }, submit)),
  )
}

export function useSetKeyJob() {
  return useDashboardChange(async ({ orderId, state }: { orderId: string; state: KeyJobState }, submit) =>
    readJson(await dashboards.keys[':orderId'].$put({ param: { orderId }, json: { state } }, submit)),
  )
}

const recovery = api.api.recovery
export type OpenHolds = InferResponseType<typeof recovery.holds.$get, 200>
export type HoldReceipts = InferResponseType<(typeof recovery.holds)[':holdId']['receipts']['$get'], 200>

/** The holds in place and how many of those told have not yet seen each (issue 44): kept fresh like the dashboards. */
export function useOpenHolds() {
  return useQuery({
    queryKey: key('holds'),
    queryFn: async () => readJson<OpenHolds>(await recovery.holds.$get()),
    refetchInterval: REFRESH_MS,
  })
}

/** Who one hold was sent to, and whether it reached their screen and was read. */
export function useHoldReceipts(holdId: string) {
  return useQuery({
    queryKey: key('holds', holdId),
    queryFn: async () => readJson<HoldReceipts>(await recovery.holds[':holdId'].receipts.$get({ param: { holdId } })),
  })
}
