/** SPEC.md section 9: the realtime reconnect delays; the last one repeats. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const

/** How long to wait before the `attempt`-th reconnect (0 = the first after a loss). */
export function reconnectDelay(attempt: number): number {
  const index = Math.min(Math.max(0, Math.floor(attempt)), RECONNECT_DELAYS_MS.length - 1)
  return RECONNECT_DELAYS_MS[index]
}
