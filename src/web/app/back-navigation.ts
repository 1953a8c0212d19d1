import { type Location, useLocation, useNavigate } from 'react-router'
import { backFallbackRoute, inAppPath } from '../../domain/auth/back-route'
import { useMe } from '../features/auth/session'

/** What a link to a detail page carries, so its Back returns here (with the query string). */
export type CameFrom = { from: string }

/** The location state for a link leaving this page: `navigate(to, { state: cameFrom(location) })`. */
export const cameFrom = (location: Pick<Location, 'pathname' | 'search'>): CameFrom => ({
  from: `${location.pathname}${location.search}`,
})

/**
 * Back on a detail page: to the page the person came from (the path a link of ours carried, or
 * the previous entry when it was reached inside the app), else their own fallback (the case list
 * if they may open it, else their landing screen), so Back never lands on 'Access Denied'.
 * `href` is where a Back link points: the page it came from, else the fallback.
 */
export function useBack() {
  const location = useLocation()
  const navigate = useNavigate()
  const role = useMe().data?.profile.role
  const from = inAppPath((location.state as Partial<CameFrom> | null)?.from)
  const href = from ?? backFallbackRoute(role)
  // 'default' is the key of the entry the app started on: nothing of ours before it.
  const cameInApp = location.key !== 'default'
  const back = () => {
    if (from) navigate(from)
    else if (cameInApp) navigate(-1)
    else navigate(href)
  }
  return { href, back }
}
