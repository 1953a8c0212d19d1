import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { fieldCovers } from '../../../domain/forms/field-path'
import { ApiError } from '../../lib/api-response'

/**
 * A form's refusal from the server, shared with its fields: each field that names itself (its
 * `name`, as the server names the field) shows its own reason beside it (and those about its
 * parts, `rows.0.marketAmounts.Mobile` beside `rows.0.marketAmounts`), and the first such field
 * takes the focus; what no field of the form claims is shown once, by <FormProblemsSummary>.
 */
type Scope = {
  error: unknown
  claimed: ReadonlyMap<string, string>
  claim: (field: string, id: string) => () => void
}

const FormProblemsContext = createContext<Scope | null>(null)

/** The server's reason for `field` (or one of its parts), without the field's name in front ('keyType: ...'). */
export function problemFor(error: unknown, field: string | undefined): string | undefined {
  if (!field || !(error instanceof ApiError)) return undefined
  return error.problems.find((problem) => fieldCovers(field, problem.field))?.message
}

/** The id of the control on the form that shows the reason about `field`, if one does. */
function claimantOf(claimed: ReadonlyMap<string, string>, field: string): string | undefined {
  if (claimed.has(field)) return claimed.get(field)
  for (const [claim, id] of claimed) if (fieldCovers(claim, field)) return id
  return undefined
}

export function FormProblems({ error, children }: { error: unknown; children: React.ReactNode }) {
  const [claimed, setClaimed] = useState<ReadonlyMap<string, string>>(new Map())
  const claim = useCallback((field: string, id: string) => {
    setClaimed((current) => (current.get(field) === id ? current : new Map(current).set(field, id)))
    return () =>
      setClaimed((current) => {
        if (current.get(field) !== id) return current
        const next = new Map(current)
        next.delete(field)
        return next
      })
  }, [])
  const scope = useMemo<Scope>(() => ({ error, claimed, claim }), [error, claimed, claim])
  // A new refusal: to the first field it names, wherever on the form that field is.
  const focused = useRef<unknown>(null)
  useEffect(() => {
    if (!(error instanceof ApiError) || focused.current === error) return
    focused.current = error
    const first = error.problems.find((problem) => claimantOf(claimed, problem.field))
    const control = first && document.getElementById(claimantOf(claimed, first.field) ?? '')
    if (control) {
      control.focus()
      control.scrollIntoView?.({ block: 'center' })
    }
  }, [error, claimed])
  return <FormProblemsContext.Provider value={scope}>{children}</FormProblemsContext.Provider>
}

/** The server's reason for this field when the form's refusal names it; the field claims it (and its focus). */
export function useFieldProblem(field: string | undefined, id: string): string | undefined {
  const scope = useContext(FormProblemsContext)
  const claim = scope?.claim
  useLayoutEffect(() => (field && claim ? claim(field, id) : undefined), [claim, field, id])
  return problemFor(scope?.error, field)
}

/** The reasons no field of the form shows beside itself (or the whole message of a refusal naming none). */
export function unclaimedProblems(error: unknown, claimed: ReadonlyMap<string, string>): string[] {
  if (!error) return []
  if (!(error instanceof ApiError) || error.problems.length === 0)
    return [error instanceof Error ? error.message : 'Something went wrong. Try again.']
  const elsewhere = error.problems.filter((problem) => !claimantOf(claimed, problem.field))
  // None beside a field: the whole message, the field's name in it.
  if (elsewhere.length === error.problems.length) return [error.message]
  return elsewhere.map((problem) => problem.message)
}

export function FormProblemsSummary({ className }: { className?: string }) {
  const scope = useContext(FormProblemsContext)
  const problems = scope ? unclaimedProblems(scope.error, scope.claimed) : []
  if (problems.length === 0) return null
  return (
    <p
      role="alert"
      className={className ?? 'rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive'}
    >
      {problems.join(' ')}
    </p>
  )
}
