import { findPasswordPolicyProblem } from '../../../domain/auth/common-passwords'
import type { AppDeps, Viewer } from '../../app-env'
import { RESET_PASSWORD_PREFIX, resetTokenIdentifier } from '../../auth/reset-tokens'
import { deleteResetLinks, endSessions } from '../../auth/sessions'
import { badRequest, forbidden } from '../../http/app-error'
import { recordAudit } from '../../records/audit'

export type SetPasswordInput = { newPassword: string; token?: string }

/**
 * Sets a new password either with a reset e-mail's token, or for a signed-in viewer whose
 * account must choose one (first sign-in). Every session of the user ends; the caller then
 * signs in afresh with the new password. Returns the user's e-mail for that sign-in.
 */
export async function setNewPassword(
  { auth, db }: AppDeps,
  viewer: Viewer | null,
  input: SetPasswordInput,
  ip: string,
): Promise<{ email: string }> {
  const problem = findPasswordPolicyProblem(input.newPassword)
  if (problem) throw badRequest(problem, 'newPassword')

  const context = await auth.$context
  const verificationId = input.token ? `${RESET_PASSWORD_PREFIX}${input.token}` : null
  let userId: string
  if (verificationId) {
    const verification = await context.internalAdapter.findVerificationValue(verificationId)
    if (!verification || verification.expiresAt < new Date()) {
      throw badRequest('This password reset link is invalid or has expired. Request a new one.', 'token')
    }
    userId = verification.value
  } else if (viewer?.mustChangePassword) {
    userId = viewer.userId
  } else {
    throw forbidden('A new password can be set here only from a reset link or when your account requires one.')
  }

  const user = await db.selectFrom('auth_user').select(['email']).where('id', '=', userId).executeTakeFirst()
  if (!user) throw badRequest('This password reset link is invalid or has expired. Request a new one.', 'token')
  const hash = await context.password.hash(input.newPassword)

  await db.transaction().execute(async (trx) => {
    if (verificationId) {
      const consumed = await trx
        .deleteFrom('auth_verification')
        .where('identifier', '=', resetTokenIdentifier(input.token ?? ''))
        .executeTakeFirst()
      if (Number(consumed.numDeletedRows) === 0) {
        throw badRequest('This password reset link is invalid or has expired. Request a new one.', 'token')
      }
    }
    await trx
      .updateTable('auth_account')
      .set({ password: hash, updatedAt: new Date() })
      .where('userId', '=', userId)
      .where('providerId', '=', 'credential')
      .execute()
    await trx
      .updateTable('auth_user')
      .set({ mustChangePassword: false, updatedAt: new Date() })
      .where('id', '=', userId)
      .execute()
    // Every other reset or invitation link of this person dies too, and so does every session:
    // their own and any they opened as someone else.
    await deleteResetLinks(trx, userId)
    await endSessions(trx, userId)
  })

  const profile = await db.selectFrom('profiles').select('company_id').where('user_id', '=', userId).executeTakeFirst()
  await recordAudit(db, {
    action: 'auth.password_changed',
    companyId: profile?.company_id ?? null,
    actorUserId: userId,
    detail: { via: verificationId ? 'reset_link' : 'forced_change' },
    ip,
  })
  return { email: user.email }
}

/** The role on a user's profile (none without one), for where a fresh sign-in lands. */
export async function roleOf({ db }: AppDeps, userId: string) {
  const profile = await db.selectFrom('profiles').select('role').where('user_id', '=', userId).executeTakeFirst()
  return profile?.role
}
