/** The guard's wait while the session loads (SPEC.md section 2). */
export function LoadingScreen() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <p className="text-muted-foreground">Loading...</p>
    </div>
  )
}
