import { ALLOWED_SCREENS, defaultRouteForRole } from '../../../domain/auth'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'

/** The signed-in person's profile, role, company, where they land and which screens they may open. */
export async function getMe({ db }: AppDeps, viewer: Viewer) {
  const profile = await db
    .selectFrom('profiles')
    .innerJoin('companies', 'companies.id', 'profiles.company_id')
    .select([
      'profiles.id',
      'profiles.first_name',
      'profiles.last_name',
      'profiles.email',
      'profiles.avatar_url',
      'profiles.market',
      'profiles.rdn_id_number',
      'companies.name as company_name',
    ])
    .where('profiles.id', '=', viewer.profileId)
    .executeTakeFirst()
  if (!profile) throw notFound('Profile not found.')
  const impersonator = viewer.impersonatorUserId
    ? await db
        .selectFrom('auth_user')
        .select(['name', 'email'])
        .where('id', '=', viewer.impersonatorUserId)
        .executeTakeFirst()
    : undefined
  return {
    profile: { ...profile, role: viewer.role },
    mustChangePassword: viewer.mustChangePassword,
    defaultRoute: defaultRouteForRole(viewer.role),
    screens: ALLOWED_SCREENS[viewer.role],
    impersonatedBy: impersonator ? { name: impersonator.name, email: impersonator.email } : null,
  }
}
