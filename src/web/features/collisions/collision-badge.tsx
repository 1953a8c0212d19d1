import { Link } from 'react-router'
import { matchedOnLabel } from '../../../domain/collisions/collisions'
import { Badge } from '../../components/ui/badge'

type CaseCollision = { id: string; otherCase: { label: string; href: string }; matchedOn: string }

/** The 'Collision' badge of a case page: the same vehicle is open in another case, linked. */
export function CollisionBadges({ collisions }: { collisions: readonly CaseCollision[] | undefined }) {
  if (!collisions?.length) return null
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="collision-badges">
      {collisions.map((collision) => (
        <Link key={collision.id} to={collision.otherCase.href} className="inline-flex items-center gap-1 text-sm">
          <Badge variant="destructive">Collision</Badge>
          <span className="underline">
            {matchedOnLabel(collision.matchedOn)} as {collision.otherCase.label}
          </span>
        </Link>
      ))}
    </div>
  )
}
