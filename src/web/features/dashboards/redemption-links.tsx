import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { SCREENS, type Screen } from '../../../domain/auth/screens'
import { useMe } from '../auth/session'

// Issue 20: the post-recovery, lot, transport and key dashboards lead to the redemption screens,
// which have no sidebar item (docs/decisions/021-redemption-screen-paths.md).

const REDEMPTION_SCREENS: readonly Screen[] = ['Vehicle Redemptions', 'Property Redemptions']

/** Links to the redemption screens the signed-in person may open (none: nothing shown). */
export function RedemptionLinks() {
  const screens = useMe().data?.screens ?? []
  const allowed = REDEMPTION_SCREENS.filter((screen) => screens.includes(screen))
  if (!allowed.length) return null
  return (
    <nav aria-label="Redemption screens" className="flex flex-wrap gap-2">
      {allowed.map((screen) => (
        <Link
          key={screen}
          to={`/dashboard/${SCREENS[screen]}`}
          className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {screen}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      ))}
    </nav>
  )
}
