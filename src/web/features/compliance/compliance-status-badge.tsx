import { Badge } from '../../components/ui/badge'

const STATUS_VARIANT: Record<string, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  signed: 'default',
  sent: 'secondary',
  pending: 'outline',
  expired: 'destructive',
  revoked: 'destructive',
}

/** A document's or signature request's status as a badge. */
export const ComplianceStatusBadge = ({ status }: { status: string }) => (
  <Badge variant={STATUS_VARIANT[status] ?? 'outline'} className="capitalize">
    {status}
  </Badge>
)
