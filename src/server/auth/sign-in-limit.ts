import { type Kysely, sql } from 'kysely'
import type { DB } from '../db/schema'

export type SignInLimit = { max: number; window: number }

/** One counted attempt: the keys it was counted under and the window each count belongs to. */
export type SignInReservation = { keys: Array<{ key: string; windowStartedAt: Date }> }

export type SignInVerdict =
  | { allowed: true; reservation: SignInReservation }
  | { allowed: false; retryAfterSeconds: number }

const ipKey = (ip: string) => `ip:${ip}`
const accountKey = (email: string) => `account:${email}`

/**
 * Failed sign-ins, counted per client address and per account in fixed windows kept in the
 * database (so every instance agrees). Each attempt is counted when it starts, so attempts sent
 * at once cannot all slip under the limit; the count is given back when the attempt turns out not
 * to be a wrong password. A success clears only its own account's failures, never the address's:
 * one person signing in must not reset what someone else at the same office address got wrong.
 */
export function createSignInLimiter(db: Kysely<DB>, limit: SignInLimit) {
  async function count(key: string) {
    const window = sql`make_interval(secs => ${limit.window})`
    // Milliseconds, so the window start read back as a Date matches the stored one exactly.
    const now = sql`date_trunc('milliseconds', now())`
    const result = await sql<{ failures: number; window_started_at: Date; retry_after: number }>`
      insert into sign_in_failures (key, failures, window_started_at) values (${key}, 1, ${now})
      on conflict (key) do update set
        failures = case when sign_in_failures.window_started_at <= now() - ${window} then 1
          else sign_in_failures.failures + 1 end,
        window_started_at = case when sign_in_failures.window_started_at <= now() - ${window} then ${now}
          else sign_in_failures.window_started_at end
      returning failures, window_started_at,
        extract(epoch from window_started_at + ${window} - now())::float8 as retry_after`.execute(db)
    return result.rows[0]
  }

  async function giveBack({ key, windowStartedAt }: SignInReservation['keys'][number]) {
    await db
      .updateTable('sign_in_failures')
      .set({ failures: sql`greatest(failures - 1, 0)` })
      .where('key', '=', key)
      .where('window_started_at', '=', windowStartedAt)
      .execute()
  }

  return {
    /** Counts the attempt of `ip` (and of the account `email` names); refused beyond the limit, with the wait. */
    async begin(ip: string, email: string | null): Promise<SignInVerdict> {
      const keys = [ipKey(ip), ...(email ? [accountKey(email)] : [])]
      const counted = await Promise.all(keys.map(async (key) => ({ key, row: await count(key) })))
      const over = counted.filter(({ row }) => row.failures > limit.max)
      const reservation = {
        keys: counted.map(({ key, row }) => ({ key, windowStartedAt: row.window_started_at })),
      }
      if (over.length > 0) {
        // A refused attempt checked no password: it is not a failure.
        await Promise.all(reservation.keys.map(giveBack))
        return { allowed: false, retryAfterSeconds: Math.max(1, ...over.map(({ row }) => Math.ceil(row.retry_after))) }
      }
      return { allowed: true, reservation }
    },

    /** The attempt succeeded: the account's failures are cleared, the address's count is given back. */
    async succeeded(reservation: SignInReservation, email: string | null) {
      await Promise.all(
        reservation.keys.filter(({ key }) => key.startsWith('ip:')).map((reserved) => giveBack(reserved)),
      )
      if (email) await db.deleteFrom('sign_in_failures').where('key', '=', accountKey(email)).execute()
      // Old windows are gone for good; a success is frequent enough to tidy them.
      await db
        .deleteFrom('sign_in_failures')
        .where('window_started_at', '<', sql<Date>`now() - make_interval(secs => ${limit.window})`)
        .execute()
    },

    /** Neither success nor a wrong e-mail or password (bad input, a deactivated account): not counted. A wrong password needs no call: it stays counted. */
    async notCounted(reservation: SignInReservation) {
      await Promise.all(reservation.keys.map(giveBack))
    },
  }
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>
