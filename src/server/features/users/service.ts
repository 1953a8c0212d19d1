import { randomBytes } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Role } from '../../../domain/auth'
import type { CreateUserInput, UpdateUserInput } from '../../../domain/users/user-input'
import { canonicalMarket, userMarketChoices } from '../../../domain/users/user-markets'
import type { AppDeps, Viewer } from '../../app-env'
import { authRoleOf, insertCredentialUser } from '../../auth/credential-users'
import { RESET_PASSWORD_PREFIX } from '../../auth/reset-tokens'
import { endSessions } from '../../auth/sessions'
import type { DB } from '../../db/schema'
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error'
import { invitationMail, setPasswordLink } from '../../integrations/mail/templates'
import { recordAudit } from '../../records/audit'
import {
  deleteAccount,
  findAccountByEmail,
  findCompanyProfile,
  listCompanyMarketNames,
  listCompanyProfiles,
  listProfileMarkets,
  lockActiveAdminIds,
  type UserFilters,
} from './repository'

const emailTaken = () => new AppError('conflict', 'An account with this e-mail already exists.', 'email')
const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000
const LAST_ADMIN_MESSAGE = 'The company must keep at least one active administrator.'

/** Screen permission (admin, manager) is checked by the router; every query is scoped to the viewer's company. */
export async function listUsers({ db }: AppDeps, viewer: Viewer, filters: UserFilters) {
  const [users, markets, companyMarkets] = await Promise.all([
    listCompanyProfiles(db, viewer.companyId, filters),
    listProfileMarkets(db, viewer.companyId),
    listCompanyMarketNames(db, viewer.companyId),
  ])
  // markets: those named on profiles, for the filter; marketChoices: those a person can be given.
  return { users, markets, marketChoices: userMarketChoices(companyMarkets) }
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
 * The market a person is given must be one of the company's markets or Outside Area, exactly as
 * named there: a variant ('mobile ') would match no case, and the person would see nothing.
 * A profile keeps a market it already has (one set before the rule) until someone changes it.
 */
async function assertMarketChoice(
  db: Kysely<DB> | Transaction<DB>,
  companyId: string,
  market: string | null | undefined,
  current?: string | null,
) {
  if (market === null || market === undefined || market === current) return
  const choices = userMarketChoices(await listCompanyMarketNames(db, companyId))
  if (choices.includes(market)) return
  const meant = canonicalMarket(market, choices)
  throw badRequest(
    meant
      ? `Choose the market as configured: "${meant}".`
      : `Choose one of the company's markets: ${choices.join(', ')}.`,
    'market',
  )
}

/**
 * Creates an account in the viewer's company. With 'email', the person gets a link to choose a
 * password (72 hours); with 'temporary_password', the password is returned once and must be
 * replaced at first sign-in. Either way the account starts with a forced password change.
 *
 * The account, its credential, its profile and the audit row are written in one transaction, so a
 * failure leaves nothing behind. The invitation (better-auth's token, then the mail) comes after;
 * if it fails, the new account is removed again, so the e-mail can be used at the next attempt.
 */
export async function createUser(deps: AppDeps, viewer: Viewer, input: CreateUserInput, ip: string) {
  assertMayManageRole(viewer, input.role)
  const { db, auth, config, mailer, logger } = deps
  const email = input.email.toLowerCase()
  const password = input.delivery === 'temporary_password' ? readablePassword() : randomBytes(32).toString('base64url')
  // Hashed before the transaction: scrypt's time would otherwise hold the (PGlite: only) connection.
  const passwordHash = await hashPassword(password)

  const { userId, profileId } = await db
    .transaction()
    .execute(async (trx) => {
      await assertMarketChoice(trx, viewer.companyId, input.market)
      const existing = await findAccountByEmail(trx, email)
      if (existing?.profileId) throw emailTaken()
      // An account without a profile was left by a creation interrupted before this was one
      // transaction: it blocks the e-mail and nobody can use it, so this creation replaces it.
      if (existing) await deleteAccount(trx, existing.id)
      const ids = await insertCredentialUser(trx, {
        companyId: viewer.companyId,
        email,
        password: { hash: passwordHash },
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        market: input.market ?? null,
        rdnIdNumber: input.rdnIdNumber ?? null,
        mustChangePassword: true,
      })
      await recordAudit(trx, {
        action: 'user.created',
        companyId: viewer.companyId,
        actorUserId: viewer.userId,
        target: ids.profileId,
        detail: {
          email,
          role: input.role,
          delivery: input.delivery,
          ...(existing ? { replacedOrphanAccount: existing.id } : {}),
        },
        ip,
      })
      return ids
    })
    .catch((error: unknown) => {
      // Two creations of one e-mail at once: the second meets the unique e-mail.
      if ((error as { code?: unknown }).code === '23505') throw emailTaken()
      throw error
    })

  if (input.delivery === 'email') {
    try {
      const token = randomBytes(24).toString('base64url')
      const context = await auth.$context
      await context.internalAdapter.createVerificationValue({
        identifier: `${RESET_PASSWORD_PREFIX}${token}`,
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
    } catch (error) {
      await db
        .transaction()
        .execute(async (trx) => {
          await deleteAccount(trx, userId)
          await recordAudit(trx, {
            action: 'user.creation_undone',
            companyId: viewer.companyId,
            actorUserId: viewer.userId,
            target: profileId,
            detail: { email, reason: 'The invitation could not be written.' },
            ip,
          })
        })
        .catch((undoError: unknown) =>
          // The account then stays, visible in User Management, where a reset link can be sent.
          logger.error({ err: undoError, profileId }, 'A new account whose invitation failed could not be removed'),
        )
      throw error
    }
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
    await assertMarketChoice(trx, viewer.companyId, input.market, current.market)

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
    if (roleChanged) await endSessions(trx, current.user_id)
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
    if (!active) await endSessions(trx, current.user_id)
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
