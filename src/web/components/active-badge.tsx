import { Badge } from './ui/badge'

/** Active or Inactive, for anything that can be switched off (clients, sub-statuses, lots, vendors, users). */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'secondary' : 'outline'}>{active ? 'Active' : 'Inactive'}</Badge>
}
