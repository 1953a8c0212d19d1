import { useState } from 'react'
import { formatWhole } from '../../../domain/formats/numbers'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type CaseItem, type Person, useAssign, usePeople } from './api'

/** What a picker means: leave the person as they are, take them off, or put this person on. */
const LEAVE = ''
const NOBODY = 'none'

const choice = (value: string) => (value === LEAVE ? undefined : value === NOBODY ? null : value)

function personLabel(person: Person, needsRdnId: boolean) {
  const markets = person.markets.length ? person.markets.join(', ') : 'no market'
  const rdn = needsRdnId && !person.hasRdnId ? ' · no RDN id' : ''
  return `${person.name} (${markets}) · ${person.load} open${rdn}`
}

const plural = (count: number) => `${formatWhole(count)} ${count === 1 ? 'case' : 'cases'}`

/**
 * Puts a recovery agent and/or a camera car driver on the chosen cases (one, or up to 1,000 from
 * the board or an area of the map), all or nothing. An agent who does not cover an address is
 * said after the save, not refused.
 */
type DialogProps = {
  items: CaseItem[]
  open: boolean
  onOpenChange: (open: boolean) => void
  onAssigned?: () => void
  suggestedAgentId?: string | null
}

export function BulkAssignDialog(props: DialogProps) {
  const { items, open, onOpenChange } = props
  const title = items.length === 1 ? `Assign ${items[0]?.label}` : `Assign ${plural(items.length)}`
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          All or nothing: if one case cannot take the choice, none changes. An agent outside a case’s coverage is warned
          about, not refused.
        </DialogDescription>
        {/* Mounted per opening: each starts from the suggestion, with no old error. */}
        {open && <AssignForm {...props} />}
      </DialogContent>
    </Dialog>
  )
}

function AssignForm({ items, onOpenChange, onAssigned, suggestedAgentId }: DialogProps) {
  const people = usePeople()
  const assign = useAssign()
  const [agent, setAgent] = useState(suggestedAgentId ?? LEAVE)
  const [driver, setDriver] = useState(LEAVE)
  // The form's own check, or the server's refusal (its reasons beside their fields, any other above the buttons).
  const [missing, setMissing] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const needsRdnId = items.some((item) => item.source === 'case')
  // A suggestion the list does not offer (not one of the viewer's people) is not chosen unseen.
  const offered = people.data?.agents.some((person) => person.id === agent)
  const agentValue = agent !== LEAVE && agent !== NOBODY && people.data && !offered ? LEAVE : agent

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const agentId = choice(agentValue)
    const cameraDriverId = choice(driver)
    setRefusal(null)
    setMissing(null)
    if (agentId === undefined && cameraDriverId === undefined)
      return setMissing('Choose a recovery agent or a camera car driver.')
    try {
      const result = await assign.mutateAsync({
        cases: items.map(({ source, id }) => ({ source, id })),
        ...(agentId !== undefined && { agentId }),
        ...(cameraDriverId !== undefined && { cameraDriverId }),
      })
      if (result.uncovered > 0)
        notify.info({
          title: `Assigned ${plural(result.assigned)}; ${plural(result.uncovered)} outside the agent’s coverage`,
          description: result.warnings.slice(0, 3).join(' '),
        })
      else notify.success({ title: `Assigned ${plural(result.assigned)}` })
      onOpenChange(false)
      onAssigned?.()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return people.isError ? (
    <p role="alert" className="text-sm text-destructive">
      {people.error.message}
    </p>
  ) : (
    <FormProblems error={refusal}>
      <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          id="bulk-agent"
          label="Recovery agent"
          value={agentValue}
          onChange={(event) => setAgent(event.target.value)}
          disabled={people.isPending}
          field="agentId"
          error={missing ?? undefined}
        >
          <option value={LEAVE}>{people.isPending ? 'Loading people...' : 'Leave as it is'}</option>
          <option value={NOBODY}>Nobody (take the agent off)</option>
          {people.data?.agents.map((person) => (
            <option key={person.id} value={person.id}>
              {person.id === suggestedAgentId ? 'Suggested: ' : ''}
              {personLabel(person, needsRdnId)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="bulk-driver"
          label="Camera car driver"
          value={driver}
          onChange={(event) => setDriver(event.target.value)}
          disabled={people.isPending}
          field="cameraDriverId"
        >
          <option value={LEAVE}>Leave as it is</option>
          <option value={NOBODY}>Nobody (take the driver off)</option>
          {people.data?.cameraDrivers.map((person) => (
            <option key={person.id} value={person.id}>
              {personLabel(person, false)}
            </option>
          ))}
        </SelectField>
        <FormProblemsSummary className="text-sm text-destructive" />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={assign.isPending || people.isPending}>
            {assign.isPending ? 'Assigning...' : 'Assign'}
          </Button>
        </div>
      </form>
    </FormProblems>
  )
}
