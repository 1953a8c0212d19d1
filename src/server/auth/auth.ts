import { betterAuth } from 'better-auth'
import { admin } from 'better-auth/plugins'
import type { Kysely } from 'kysely'
import type { Config } from '../config'
import type { DB } from '../db/schema'
import { ownOrigins } from '../http/own-origins'
import type { Logger } from '../lib/logger'
import { RESET_PASSWORD_PREFIX, storedResetIdentifier } from './reset-tokens'

/** How long an administrator's 'view as' session lasts before it ends by itself. */
export const IMPERSONATION_SECONDS = 30 * 60

/** The request header our own middleware sets from the socket (or the trusted proxy). */
export const CLIENT_IP_HEADER = 'x-recovery-desk-client-ip'

export type AuthOptions = {
  db: Kysely<DB>
  config: Config
  logger: Logger
  secret: string
  sendResetPassword: (data: { user: { id: string; email: string; name: string }; token: string }) => Promise<void>
}

/**
 * better-auth: email + password, sign-up disabled, sessions and rate limits in the database
 * (so several instances agree), the admin plugin for provisioning and impersonation.
 */
/** Deactivation sets better-auth's ban flag, so its admin plugin refuses every new session. */
const DEACTIVATED_MESSAGE = 'This account has been deactivated. Contact your administrator.'

export function createAuth({ db, config, logger, secret, sendResetPassword }: AuthOptions) {
  const secureCookies = config.baseUrl.startsWith('https://')
  return betterAuth({
    appName: 'Recovery Desk',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret,
    // The same rule as our own same-origin check (PUBLIC_URL, or any of the server's own addresses without it).
    trustedOrigins: (request) => ownOrigins(config, request),
    database: { db, type: 'postgres', transaction: true },
    user: {
      modelName: 'auth_user',
      additionalFields: {
        mustChangePassword: { type: 'boolean', defaultValue: false, input: false, required: false },
      },
    },
    session: { modelName: 'auth_session' },
    account: { modelName: 'auth_account' },
    verification: {
      modelName: 'auth_verification',
      // Reset and invitation links are kept as a hash of their token: a database reader cannot use one.
      storeIdentifier: {
        default: 'hashed',
        overrides: { [RESET_PASSWORD_PREFIX]: { hash: async (id) => storedResetIdentifier(id) } },
      },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // A deactivated (banned) account gets no reset mail; the answer to the caller stays the same.
      // No query here: better-auth may hold PGlite's one connection in a transaction.
      sendResetPassword: async ({ user, token }) => {
        if (!(user as { banned?: boolean | null }).banned) await sendResetPassword({ user, token })
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'auth_rate_limit',
      window: 60,
      max: 100,
      customRules: {
        // Counted by our own limiter (sign-in-limit.ts): failures only, per address and per account.
        '/sign-in/email': false,
        '/request-password-reset': { window: 60, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips its origin (CSRF) check under a test runner; we want it always on.
      disableOriginCheck: false,
    },
    plugins: [
      admin({
        defaultRole: 'user',
        adminRoles: ['admin'],
        impersonationSessionDuration: IMPERSONATION_SECONDS,
        bannedUserMessage: DEACTIVATED_MESSAGE,
      }),
    ],
    telemetry: { enabled: false },
    logger: {
      log: (level, message) => logger[level]({ source: 'better-auth' }, message),
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
