import { formatDateTime } from '../../../domain/formats/dates'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { notify } from '../../components/ui/toaster'
import { useOwnSessions, useRevokeOtherSessions } from './api'

export function SessionsCard() {
  const sessions = useOwnSessions()
  const revoke = useRevokeOtherSessions()
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Active Sessions</CardTitle>
        <CardDescription>Where you are signed in.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {sessions.isPending && <p className="text-sm text-muted-foreground">Loading sessions...</p>}
        {sessions.isError && (
          <p className="text-sm text-destructive">{`Failed to load sessions: ${sessions.error.message}`}</p>
        )}
        <ul className="divide-y rounded-md border">
          {sessions.data?.sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
              data-testid="session-row"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{session.userAgent ?? 'Unknown browser'}</p>
                <p className="text-xs text-muted-foreground">
                  {`${session.ipAddress ?? 'Unknown address'} · last active ${formatDateTime(session.updatedAt)}`}
                </p>
              </div>
              {session.current && <span className="text-xs font-semibold text-primary">This device</span>}
            </li>
          ))}
        </ul>
        <Button
          variant="outline"
          disabled={others === 0 || revoke.isPending}
          onClick={() =>
            revoke.mutate(undefined, {
              onSuccess: (result) =>
                notify.success({
                  title: 'Signed out',
                  description: `${result.revoked} other session(s) were signed out.`,
                }),
              onError: (error) => notify.error({ title: 'Error', description: error.message }),
            })
          }
        >
          Sign out other sessions
        </Button>
      </CardContent>
    </Card>
  )
}
