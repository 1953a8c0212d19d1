import { createHmac, timingSafeEqual } from 'node:crypto'
import { parseCookies } from 'better-call'
import { sql } from 'kysely'
import type { AppDeps } from '../app-env'
import { prepared } from '../db/prepared'
import { batchedLoader } from '../lib/batched-loader'

/** What the viewer is made of: the session, its user, and the user's profile (if any). */
export type SignedInSession = {
  sessionId: string
  impersonatedBy: string | null
  userId: string
  email: string
  banned: boolean
  mustChangePassword: boolean
}
export type SessionProfile = { id: string; company_id: string; role: string; active: boolean }
export type SessionLookup = {
  session: SignedInSession | null
  /** Undefined when the user has no profile, or when the session was not read here (see below). */
  profile?: SessionProfile
  /** Set-Cookie headers better-auth answered with (a refreshed or cleared session cookie). */
  setCookies: string[]
}

type Db = AppDeps['db']
type AuthContext = Awaited<AppDeps['auth']['$context']>

/**
 * The session behind a request, as better-auth's getSession reads it. Every request runs this, so
 * the common case (a valid signed session cookie whose session needs no refresh) is read here in
 * one statement (session, user and profile joined) where getSession takes two and the profile a
 * third (issue 21). Everything else (no or a doubtful cookie, an expired session, one due for its
 * refresh, a remember-me choice, a stale cache cookie) goes through getSession itself, unchanged.
 */
export function createSessionLookup({ auth, db }: Pick<AppDeps, 'auth' | 'db'>) {
  // A page asks for several things at once, each with the same cookie, and people's requests
  // arrive together: the sessions asked for in one turn are read in one statement, and a request
  // whose session is being read shares that read (issue 21). Nothing is kept once the read is
  // done, so a session ended since is refused as before.
  const rowsOf = batchedLoader(async (tokens: string[]) => {
    const rows = await sessionRows(db, { tokens })
    return new Map(rows.map(({ token, ...row }) => [token, row]))
  }, null)
  return async (headers: Headers): Promise<SessionLookup> => {
    const common = await readCommonSession(await auth.$context, rowsOf, headers)
    if (common) return common
    const { headers: refreshed, response } = await auth.api.getSession({ headers, returnHeaders: true })
    const user = response?.user as
      | ({ banned?: boolean | null; mustChangePassword?: boolean | null } & object)
      | undefined
    const session = response
      ? {
          sessionId: response.session.id,
          impersonatedBy: (response.session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
          userId: response.user.id,
          email: response.user.email,
          banned: Boolean(user?.banned),
          mustChangePassword: Boolean(user?.mustChangePassword),
        }
      : null
    const profile = session && !session.banned ? await findProfile(db, session.userId) : undefined
    return { session, profile, setCookies: refreshed.getSetCookie() }
  }
}

function findProfile(db: Db, userId: string) {
  return db
    .selectFrom('profiles')
    .select(['id', 'company_id', 'role', 'active'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/**
 * The sessions, their users and the users' profiles for session tokens. Compiled once (`prepared`):
 * every request runs it, and building it anew each time was a tenth of the work a case list
 * request does outside its own statements (issue 21).
 */
const sessionRows = prepared((db, values: { tokens: string[] }) =>
  db
    .selectFrom('auth_session as session')
    .innerJoin('auth_user as user', 'user.id', 'session.userId')
    .leftJoin('profiles as profile', 'profile.user_id', 'user.id')
    .select([
      'session.token',
      'session.id as sessionId',
      'session.expiresAt',
      'session.impersonatedBy',
      'user.id as userId',
      'user.email',
      'user.banned',
      'user.mustChangePassword',
      'profile.id as profileId',
      'profile.company_id',
      'profile.role',
      'profile.active',
    ])
    .where('session.token', '=', sql<string>`any(${values.tokens}::text[])`),
)

type SessionRow = Omit<Awaited<ReturnType<typeof sessionRows>>[number], 'token'>

/** The common case, or null for getSession to decide. */
async function readCommonSession(
  context: AuthContext,
  rowsOf: (token: string) => Promise<SessionRow | null>,
  headers: Headers,
): Promise<SessionLookup | null> {
  const cookieHeader = headers.get('cookie')
  if (!cookieHeader) return null
  const cookies = parseCookies(cookieHeader)
  const { sessionToken, sessionData, dontRememberToken } = context.authCookies
  if (cookies.has(sessionData.name) || cookies.has(dontRememberToken.name)) return null
  const token = verifiedValue(cookies.get(sessionToken.name), context.secret)
  if (!token) return null

  const row = await rowsOf(token)
  if (!row) return null
  const expiresAt = new Date(row.expiresAt).getTime()
  const { expiresIn, updateAge } = context.sessionConfig
  // Expired (getSession deletes it and clears the cookie), or due to be extended (getSession
  // writes the new expiry and sends the cookie again).
  if (!(expiresAt >= Date.now()) || expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now()) return null

  const session: SignedInSession = {
    sessionId: row.sessionId,
    impersonatedBy: row.impersonatedBy,
    userId: row.userId,
    email: row.email,
    banned: Boolean(row.banned),
    mustChangePassword: Boolean(row.mustChangePassword),
  }
  const profile =
    row.profileId && row.company_id && row.role !== null && row.active !== null
      ? { id: row.profileId, company_id: row.company_id, role: row.role, active: row.active }
      : undefined
  return { session, profile: session.banned ? undefined : profile, setCookies: [] }
}

/**
 * The token of a signed cookie value ('token.signature', HMAC-SHA256 in base64), when its
 * signature is exactly the one we would write; anything else is for better-auth to judge.
 */
function verifiedValue(value: string | undefined, secret: string): string | null {
  if (!value) return null
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const signature = Buffer.from(value.slice(dot + 1))
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'))
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null
}
