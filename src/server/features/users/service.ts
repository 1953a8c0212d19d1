import { randomBytes } from 'node:crypto'
import type { Role } from '../../../domain/auth'
import type { CreateUserInput, UpdateUserInput } from '../../../domain/users/user-input'
import type { AppDeps, Viewer } from '../../app-env'
import { authRoleOf, insertCredentialUser } from '../../auth/credential-users'
import { invitationMail, setPasswordLink } from '../../integrations/mail/templates'
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error'
import { recordAudit } from '../../lib/audit'
import {
  deleteUserSessions,
  findCompanyProfile,
  listCompanyProfiles,
  listProfileMarkets,
  lockActiveAdminIds,
  type UserFilters,
} from './repository'

const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000
const LAST_ADMIN_MESSAGE = 'The company must keep at least one active administrator.'

/** Screen permission (admin, manager) is checked by the router; every query is scoped to the viewer's company. */
export async function listUsers({ db }: AppDeps, viewer: Viewer, filters: UserFilters) {
  const [users, markets] = await Promise.all([
    listCompanyProfiles(db, viewer.companyId, filters),
    listProfileMarkets(db, viewer.companyId),
  ])
  return { users, markets }
}

export async function getUser({ db }: AppDeps, viewer: Viewer, profileId: string) {
  const profile = await findCompanyProfile(db, viewer.companyId, profileId)
  if (!profile) throw notFound('User not found.')
  return profile
}

/** Only an administrator may create, change or grant the admin role. */
function assertMayManageRole(viewer: Viewer, ...roles: Array<string | undefined>) {
  if (viewer.role !== 'admin' && roles.includes('admin')) {
    throw forbidden('Only an administrator can manage administrator accounts.')
  }
}

function readablePassword(): string {
  return `${randomBytes(9).toString('base64url')}-${randomBytes(3).toString('hex')}`
}

/**
 * Creates an account in the viewer's company. With 'email', the person gets a link to choose a
 * password (72 hours); with 'temporary_password', the password is returned once and must be
 * replaced at first sign-in. Either way the account starts with a forced password change.
 */
export async function createUser(deps: AppDeps, viewer: Viewer, input: CreateUserInput, ip: string) {
  assertMayManageRole(viewer, input.role)
  const { db, auth, config, mailer } = deps
  const email = input.email.toLowerCase()
  const taken = await db.selectFrom('auth_user').select('id').where('email', '=', email).executeTakeFirst()
  if (taken) throw new AppError('conflict', 'An account with this e-mail already exists.', 'email')

  const password = input.delivery === 'temporary_password' ? readablePassword() : randomBytes(32).toString('base64url')
  const { userId, profileId } = await insertCredentialUser(db, {
    companyId: viewer.companyId,
    email,
    password,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    market: input.market ?? null,
    rdnIdNumber: input.rdnIdNumber ?? null,
    mustChangePassword: true,
  })
  await recordAudit(db, {
    action: 'user.created',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: profileId,
    detail: { email, role: input.role, delivery: input.delivery },
    ip,
  })

  if (input.delivery === 'email') {
    const token = randomBytes(24).toString('base64url')
    const context = await auth.$context
    await context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
    })
    const company = await db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', viewer.companyId)
      .executeTakeFirstOrThrow()
    await mailer.send({
      to: email,
      companyId: viewer.companyId,
      ...invitationMail(setPasswordLink(config.baseUrl, token), company.name),
    })
  }
  const user = await getUser(deps, viewer, profileId)
  return { user, temporaryPassword: input.delivery === 'temporary_password' ? password : null }
}

/**
 * Changes names, role, market or RDN id. A role change ends the person's sessions at once, and
 * the last active administrator can't be demoted.
 */
export async function updateUser(deps: AppDeps, viewer: Viewer, profileId: string, input: UpdateUserInput, ip: string) {
  const { db } = deps
  await db.transaction().execute(async (trx) => {
    const activeAdmins = await lockActiveAdminIds(trx, viewer.companyId)
    const current = await findCompanyProfile(trx, viewer.companyId, profileId)
    if (!current) throw notFound('User not found.')
    assertMayManageRole(viewer, current.role, input.role)
    const roleChanged = input.role !== undefined && input.role !== current.role
    if (roleChanged && activeAdmins.length === 1 && activeAdmins[0] === profileId)
      throw badRequest(LAST_ADMIN_MESSAGE, 'role')

    await trx
      .updateTable('profiles')
      .set({
        ...(input.firstName !== undefined ? { first_name: input.firstName } : {}),
        ...(input.lastName !== undefined ? { last_name: input.lastName } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.market !== undefined ? { market: input.market } : {}),
        ...(input.rdnIdNumber !== undefined ? { rdn_id_number: input.rdnIdNumber } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', profileId)
      .execute()
    if (input.firstName !== undefined || input.lastName !== undefined || roleChanged) {
      const name = [input.firstName ?? current.first_name, input.lastName ?? current.last_name]
        .filter(Boolean)
        .join(' ')
      await trx
        .updateTable('auth_user')
        .set({
          name: name || current.email,
          ...(roleChanged ? { role: authRoleOf(input.role as Role) } : {}),
          updatedAt: new Date(),
        })
        .where('id', '=', current.user_id)
        .execute()
    }
    if (roleChanged) await deleteUserSessions(trx, current.user_id)
    await recordAudit(trx, {
      action: 'user.updated',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: profileId,
      detail: { changes: input, previousRole: current.role },
      ip,
    })
  })
  return getUser(deps, viewer, profileId)
}

/**
 * Deactivates (sessions end at once, sign-in refused) or reactivates an account. Nobody
 * deactivates themselves or the last active administrator.
 */
export async function setUserActive(deps: AppDeps, viewer: Viewer, profileId: string, active: boolean, ip: string) {
  const { db } = deps
  await db.transaction().execute(async (trx) => {
    const activeAdmins = await lockActiveAdminIds(trx, viewer.companyId)
    const current = await findCompanyProfile(trx, viewer.companyId, profileId)
    if (!current) throw notFound('User not found.')
    assertMayManageRole(viewer, current.role)
    if (!active && profileId === viewer.profileId) throw badRequest('You cannot deactivate your own account.')
    if (!active && activeAdmins.length === 1 && activeAdmins[0] === profileId) throw badRequest(LAST_ADMIN_MESSAGE)
    await trx.updateTable('profiles').set({ active, updated_at: new Date() }).where('id', '=', profileId).execute()
    await trx
      .updateTable('auth_user')
      .set({ banned: !active, banReason: active ? null : 'Deactivated', updatedAt: new Date() })
      .where('id', '=', current.user_id)
      .execute()
    if (!active) await deleteUserSessions(trx, current.user_id)
    await recordAudit(trx, {
      action: active ? 'user.reactivated' : 'user.deactivated',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: profileId,
      ip,
    })
  })
  return getUser(deps, viewer, profileId)
}

/** Sends the person a reset link, exactly as 'Forgot your password?' would. */
export async function sendPasswordReset(deps: AppDeps, viewer: Viewer, profileId: string, ip: string) {
  const profile = await getUser(deps, viewer, profileId)
  assertMayManageRole(viewer, profile.role)
  await deps.auth.api.requestPasswordReset({ body: { email: profile.email, redirectTo: '/reset-password' } })
  await recordAudit(deps.db, {
    action: 'user.password_reset_sent',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: profileId,
    ip,
  })
}
