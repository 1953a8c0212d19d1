import { findPasswordPolicyProblem } from '../../../domain/auth/common-passwords'
import { AVATAR_FORMATS, AVATAR_MESSAGES, MAX_AVATAR_BYTES } from '../../../domain/profiles/avatar-image'
import type { AppDeps, Viewer } from '../../app-env'
import { endSessions, endViewAsSessionsOpenedBy } from '../../auth/sessions'
import { checkUpload } from '../../file-store/upload-check'
import { badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'

/** Everyone edits their own names (Profile Settings); the auth account's display name follows. */
export async function updateOwnNames({ db }: AppDeps, viewer: Viewer, names: { firstName: string; lastName: string }) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('profiles')
      .set({ first_name: names.firstName, last_name: names.lastName, updated_at: new Date() })
      .where('id', '=', viewer.profileId)
      .execute()
    await trx
      .updateTable('auth_user')
      .set({ name: `${names.firstName} ${names.lastName}`, updatedAt: new Date() })
      .where('id', '=', viewer.userId)
      .execute()
  })
}

/** Stores the viewer's avatar (type and size checked by content) and points avatar_url at it. */
export async function saveOwnAvatar({ db }: AppDeps, viewer: Viewer, bytes: Uint8Array) {
  // The one upload check: decoded in full (a damaged image refused), stored without its metadata.
  const checked = await checkUpload(bytes, {
    field: 'avatar',
    maxBytes: MAX_AVATAR_BYTES,
    accept: AVATAR_FORMATS,
    messages: AVATAR_MESSAGES,
  })
  const avatarUrl = `/api/avatars/${viewer.profileId}?v=${Date.now()}`
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('profile_avatars')
      .values({
        profile_id: viewer.profileId,
        company_id: viewer.companyId,
        content_type: checked.contentType,
        bytes: checked.bytes,
      })
      .onConflict((conflict) =>
        conflict
          .column('profile_id')
          .doUpdateSet({ content_type: checked.contentType, bytes: checked.bytes, updated_at: new Date() }),
      )
      .execute()
    await trx
      .updateTable('profiles')
      .set({ avatar_url: avatarUrl, updated_at: new Date() })
      .where('id', '=', viewer.profileId)
      .execute()
  })
  return { avatarUrl }
}

export async function removeOwnAvatar({ db }: AppDeps, viewer: Viewer) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('profile_avatars').where('profile_id', '=', viewer.profileId).execute()
    await trx
      .updateTable('profiles')
      .set({ avatar_url: null, updated_at: new Date() })
      .where('id', '=', viewer.profileId)
      .execute()
  })
}

/** An avatar of someone in the viewer's company. */
export async function readAvatar({ db }: AppDeps, viewer: Viewer, profileId: string) {
  const avatar = await db
    .selectFrom('profile_avatars')
    .select(['content_type', 'bytes'])
    .where('profile_id', '=', profileId)
    .where('company_id', '=', viewer.companyId)
    .executeTakeFirst()
  if (!avatar) throw notFound('No avatar.')
  return avatar
}

/**
 * Changes the viewer's password: the current one is required, the new one meets the policy,
 * and every other session ends. Returns better-auth's response, whose cookie is the new session.
 */
export async function changeOwnPassword(
  { auth, db }: AppDeps,
  viewer: Viewer,
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
  ip: string,
) {
  const problem = findPasswordPolicyProblem(input.newPassword)
  if (problem) throw badRequest(problem, 'newPassword')
  const response = await auth.api.changePassword({
    body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
    headers,
    asResponse: true,
  })
  if (!response.ok) throw badRequest('The current password is not correct.', 'currentPassword')
  // better-auth ends the person's own other sessions; the ones they opened as someone else end too.
  await endViewAsSessionsOpenedBy(db, viewer.userId)
  await recordAudit(db, {
    action: 'auth.password_changed',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    detail: { via: 'profile_settings' },
    ip,
  })
  return response
}

/** The viewer's own signed-in sessions, newest first, the current one marked. */
export async function listOwnSessions({ db }: AppDeps, viewer: Viewer) {
  const sessions = await db
    .selectFrom('auth_session')
    .select(['id', 'createdAt', 'updatedAt', 'ipAddress', 'userAgent'])
    .where('userId', '=', viewer.userId)
    .where('expiresAt', '>', new Date())
    .where('impersonatedBy', 'is', null)
    .orderBy('updatedAt', 'desc')
    .execute()
  return sessions.map((session) => ({ ...session, current: session.id === viewer.sessionId }))
}

/** 'Sign out other sessions': every session of the viewer but this one ends, 'view as' ones included. */
export async function revokeOtherOwnSessions({ db }: AppDeps, viewer: Viewer, ip: string) {
  const result = await endSessions(db, viewer.userId, { except: viewer.sessionId })
  await recordAudit(db, {
    action: 'auth.other_sessions_revoked',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    ip,
  })
  return { revoked: Number(result.numDeletedRows) }
}
