import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ApiError } from '../../lib/api'

/** Shown when the session cannot be checked (the server or network failed, not a sign-out). */
export function AuthErrorScreen({ error }: { error: unknown }) {
  const details = error instanceof Error ? error.message : String(error)
  // An outage says so in the server's words; anything else keeps its details folded away.
  const unavailable = error instanceof ApiError && error.status === 503
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1">Authentication Error</CardTitle>
          <CardDescription>
            {unavailable ? details : 'We could not check your session. Try again, or sign in again.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex gap-2">
            <Button onClick={() => window.location.reload()}>Try Again</Button>
            <Button variant="outline" onClick={() => window.location.assign('/auth')}>
              Go to Sign In
            </Button>
          </div>
          <details className="text-sm text-muted-foreground">
            <summary className="cursor-pointer">Technical details</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words">{details}</pre>
          </details>
        </CardContent>
      </Card>
    </main>
  )
}
