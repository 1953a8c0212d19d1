import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card'

/** The loading skeleton of a detail page (order, case): a header and four cards. */
export function DetailSkeleton({ testId }: { testId: string }) {
  return (
    <main className="mx-auto max-w-6xl space-y-4 p-4 md:p-6" aria-busy="true" data-testid={testId}>
      <div className="h-6 w-48 animate-pulse rounded bg-muted" />
      <div className="h-10 w-72 animate-pulse rounded bg-muted" />
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="h-48 animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
    </main>
  )
}

/** A detail page that has nothing to show (not found, failed): a centred card with a way on. */
export function DetailMessage({ title, message, action }: { title: string; message: ReactNode; action: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle as="h1">{title}</CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center gap-2">{action}</CardContent>
      </Card>
    </main>
  )
}
