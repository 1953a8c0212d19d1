import { Component, type ReactNode } from 'react'
import { Button } from '../../components/ui/button'

type State = { error: Error | null }

/** The generic failure screen for a render error outside the router's own handling. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  componentDidCatch(error: Error) {
    console.error('Unhandled application error:', error)
  }

  render() {
    if (!this.state.error) return this.props.children
    return (
      <main className="flex min-h-screen items-center justify-center p-4">
        <div className="max-w-md space-y-4 text-center">
          <h1 className="text-2xl font-semibold">Something went wrong</h1>
          <p className="text-muted-foreground">{this.state.error.message || 'An unexpected error occurred'}</p>
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
        </div>
      </main>
    )
  }
}
