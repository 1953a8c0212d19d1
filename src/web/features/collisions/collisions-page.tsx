import { useState } from 'react'
import { Link } from 'react-router'
import { formatWallClock } from '../../../domain/formats/dates'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { SelectField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type OpenCollision, useOpenCollisions, useResolveCollision } from './api'

/** Which case stands, and why: the two cases' timelines and the audit log keep it. */
function ResolveDialog({ collision, onClose }: { collision: OpenCollision; onClose: () => void }) {
  const resolve = useResolveCollision(collision.id)
  const [standingCaseId, setStandingCaseId] = useState('')
  const [reason, setReason] = useState('')
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      const resolved = await resolve.mutateAsync({ standingCaseId, reason })
      notify.success({ title: `Collision resolved: ${resolved.standing.label} stands` })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Resolve collision</DialogTitle>
        <DialogDescription>
          {collision.matchedOnLabel} ({collision.matchKey}): {collision.cases.map((side) => side.label).join(' and ')}.
          Say which case stands and why.
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
            <FormProblemsSummary />
            <SelectField
              id="collision-standing"
              label="Case that stands"
              name="standingCaseId"
              value={standingCaseId}
              onChange={(event) => setStandingCaseId(event.target.value)}
            >
              <option value="">Choose a case</option>
              {collision.cases.map((side) => (
                <option key={side.id} value={side.id}>
                  {side.label}
                </option>
              ))}
            </SelectField>
            <TextareaField
              id="collision-reason"
              label="Reason"
              name="reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={resolve.isPending}>
                Resolve
              </Button>
            </div>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}

/** /dashboard/collisions: the same vehicle open in two cases, until someone says which stands. */
export function CollisionsPage() {
  const collisions = useOpenCollisions()
  const [resolving, setResolving] = useState<OpenCollision | null>(null)
  const rows = collisions.data?.collisions
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Vehicle Collisions</CardTitle>
          <CardDescription>
            The same vehicle (VIN, or plate and state) open in two cases of the company. Two agencies must never be sent
            after one car: say which case stands.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {collisions.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
          {collisions.isError && <p className="text-sm text-destructive">{collisions.error.message}</p>}
          {rows?.length === 0 && <p className="text-sm text-muted-foreground">No open collisions.</p>}
          {rows && rows.length > 0 && (
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="p-2">Cases</th>
                  <th className="p-2">Matched on</th>
                  <th className="p-2">Detected</th>
                  <th className="p-2" />
                </tr>
              </thead>
              <tbody>
                {rows.map((collision) => (
                  <tr key={collision.id} className="border-t" data-testid="collision-row">
                    <td className="p-2">
                      <ul className="space-y-1">
                        {collision.cases.map((side) => (
                          <li key={side.id}>
                            <Link to={side.href} className="underline">
                              {side.label}
                            </Link>
                            <span className="text-muted-foreground">
                              {' '}
                              {[side.status, side.client, side.market].filter(Boolean).join(' · ')}
                            </span>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="p-2">
                      {collision.matchedOnLabel}
                      <div className="font-mono text-xs text-muted-foreground">{collision.matchKey}</div>
                    </td>
                    <td className="p-2">{formatWallClock(new Date(collision.detectedAt))}</td>
                    <td className="p-2 text-right">
                      <Button size="sm" onClick={() => setResolving(collision)}>
                        Resolve
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      {resolving && <ResolveDialog collision={resolving} onClose={() => setResolving(null)} />}
    </div>
  )
}
