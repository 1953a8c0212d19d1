import { type ComponentProps, useState } from 'react'
import { worksOrderMarket } from '../../../domain/orders/order-work'
import { Button } from '../../components/ui/button'
import { FormProblems, FormProblemsSummary, useFieldProblem } from '../../components/ui/form-problems'
import { NativeSelect } from '../../components/ui/native-select'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { type FieldManagerDashboard, useAssignOrder } from './api'

type Person = FieldManagerDashboard['people'][number]
type Item = FieldManagerDashboard['unassigned']['orders'][number]

/** A choice of person named by its aria-label, with the server's reason about `field` below it. */
function PersonSelect({ id, field, ...props }: ComponentProps<typeof NativeSelect> & { id: string; field: string }) {
  const problem = useFieldProblem(field, id)
  return (
    <div className="space-y-1">
      <NativeSelect
        id={id}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${id}-error` : undefined}
        {...props}
      />
      {problem && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  )
}

/**
 * Puts a recovery agent (and optionally a camera car driver) on one order, offering only the
 * people of the order's market (the server's rule, queries/assignable-people).
 */
export function AssignmentControls({ item, people: everyone }: { item: Item; people: Person[] }) {
  const people = everyone.filter((person) => worksOrderMarket(person.market, item.market))
  const [agentId, setAgentId] = useState('')
  const [driverId, setDriverId] = useState(item.cameraDriverId ?? '')
  const assign = useAssignOrder()
  const label = (person: Person) => (person.market ? `${person.name} (${person.market})` : person.name)
  // The server's refusal of a choice: its reason below that choice (other failures are toasts).
  const refusal = assign.error instanceof ApiError && assign.error.problems.length ? assign.error : null
  return (
    <FormProblems error={refusal}>
      <div className="flex flex-col gap-2 sm:w-64">
        <PersonSelect
          id={`assign-agent-${item.id}`}
          field="agentId"
          aria-label={`Recovery agent for ${item.number}`}
          value={agentId}
          onChange={(event) => setAgentId(event.target.value)}
        >
          <option value="">Choose a recovery agent...</option>
          {people
            .filter((person) => person.role === 'recovery_agent')
            .map((person) => (
              <option key={person.id} value={person.id}>
                {label(person)}
              </option>
            ))}
        </PersonSelect>
        <PersonSelect
          id={`assign-driver-${item.id}`}
          field="cameraDriverId"
          aria-label={`Camera car driver for ${item.number}`}
          value={driverId}
          onChange={(event) => setDriverId(event.target.value)}
        >
          <option value="">No camera car driver</option>
          {people
            .filter((person) => person.role === 'camera_driver')
            .map((person) => (
              <option key={person.id} value={person.id}>
                {label(person)}
              </option>
            ))}
        </PersonSelect>
        <Button
          size="sm"
          disabled={!agentId || assign.isPending}
          onClick={() =>
            assign.mutate(
              { orderId: item.id, agentId, cameraDriverId: driverId || null },
              {
                onSuccess: () =>
                  notify.success({ title: 'Order assigned', description: `Case ${item.number} has an agent.` }),
                onError: (error) => {
                  if (error instanceof ApiError && error.problems.length) return
                  notify.error({ title: 'Failed to assign the order', description: error.message })
                },
              },
            )
          }
        >
          {assign.isPending ? 'Assigning...' : 'Assign'}
        </Button>
        <FormProblemsSummary className="text-sm text-destructive" />
      </div>
    </FormProblems>
  )
}
