import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../lib/app-error'
import { findCompanyProfile, listCompanyProfiles } from './repository'

/** Screen permission is checked by the router's guard; every read here is scoped to the viewer's company. */
export function listUsers({ db }: AppDeps, viewer: Viewer) {
  return listCompanyProfiles(db, viewer.companyId)
}

export async function getUser({ db }: AppDeps, viewer: Viewer, profileId: string) {
  const profile = await findCompanyProfile(db, viewer.companyId, profileId)
  if (!profile) throw notFound('User not found.')
  return profile
}
