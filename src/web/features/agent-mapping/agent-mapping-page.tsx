import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { useState } from 'react'
import { ROLE_LABELS, type Role } from '../../../domain/auth/roles'
import { formatWhole } from '../../../domain/formats/numbers'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormProblems, useFieldProblem } from '../../components/ui/form-problems'
import { NativeSelect } from '../../components/ui/native-select'
import { notify } from '../../components/ui/toaster'
import { ApiError, api, readJson } from '../../lib/api'
import { type SubmitOptions, useSubmitMutation } from '../../lib/submit-key'

type AgentMapping = InferResponseType<(typeof api.api)['agent-mappings']['$get'], 200>
const key = ['agent-mappings'] as const

function useAgentMapping() {
  return useQuery({
    queryKey: key,
    queryFn: async () => readJson<AgentMapping>(await api.api['agent-mappings'].$get()),
  })
}

function useMappingsRefresh() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: key })
    // Cases name their agent through these mappings.
    void queryClient.invalidateQueries({ queryKey: ['cases'] })
  }
}

function useMappingChange<Input>(call: (input: Input) => Promise<unknown>) {
  return useMutation({ mutationFn: call, onSuccess: useMappingsRefresh() })
}

/** A new mapping, sent once per submit (its Idempotency-Key). */
function useMappingAdd<Input>(call: (input: Input, submit: SubmitOptions) => Promise<unknown>) {
  return useSubmitMutation({ mutationFn: call, onSuccess: useMappingsRefresh() })
}

const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role

function UnmappedRow(props: { agentId: string; cases: number; people: AgentMapping['people'] }) {
  const [refusal, setRefusal] = useState<unknown>(null)
  return (
    <FormProblems error={refusal}>
      <UnmappedRowFields {...props} onRefused={setRefusal} />
    </FormProblems>
  )
}

/** The row's choice of person, with the server's reason about it below (other failures are toasts). */
function UnmappedRowFields({
  agentId,
  cases,
  people,
  onRefused,
}: {
  agentId: string
  cases: number
  people: AgentMapping['people']
  onRefused: (refusal: unknown) => void
}) {
  const [profileId, setProfileId] = useState('')
  const map = useMappingAdd(async (json: { rdnAgentId: string; profileId: string }, submit) =>
    readJson(await api.api['agent-mappings'].$post({ json }, submit)),
  )
  const selectId = `map-person-${agentId}`
  const problem = useFieldProblem('profileId', selectId)
  const rowProblem = useFieldProblem('rdnAgentId', selectId)
  const shown = problem ?? rowProblem
  return (
    <tr className="border-t" data-testid="unmapped-agent">
      <td className="p-2 font-mono">{agentId}</td>
      <td className="p-2 text-right">{formatWhole(cases)}</td>
      <td className="p-2">
        <NativeSelect
          id={selectId}
          aria-label={`Person for ${agentId}`}
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? `${selectId}-error` : undefined}
          value={profileId}
          onChange={(event) => setProfileId(event.target.value)}
        >
          <option value="">Choose a person...</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {`${person.name} (${roleLabel(person.role)})`}
            </option>
          ))}
        </NativeSelect>
        {shown && (
          <p id={`${selectId}-error`} className="mt-1 text-sm text-destructive">
            {shown}
          </p>
        )}
      </td>
      <td className="p-2 text-right">
        <Button
          size="sm"
          disabled={!profileId || map.isPending}
          onClick={async () => {
            onRefused(null)
            try {
              await map.mutateAsync({ rdnAgentId: agentId, profileId })
              notify.success({
                title: 'Agent mapped',
                description: `${agentId} now shows as this person on its cases.`,
              })
            } catch (error) {
              if (error instanceof ApiError && error.problems.length) onRefused(error)
              else notify.failure(error)
            }
          }}
        >
          Map
        </Button>
      </td>
    </tr>
  )
}

/** /dashboard/agent-mapping: RDN agent ids linked to the company's people. */
export function AgentMappingPage() {
  const mapping = useAgentMapping()
  const unmap = useMappingChange(async (mappingId: string) =>
    readJson(await api.api['agent-mappings'][':mappingId'].$delete({ param: { mappingId } })),
  )
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Agent Mapping</CardTitle>
          <CardDescription>
            RDN names the agent on each case by an id. Link each id to a person here and the case list and case detail
            show who works the case. A person's own RDN id number (User Management) counts too.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <h2 className="font-medium">Unmapped agent ids</h2>
          {mapping.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
          {mapping.isError && <p className="text-sm text-destructive">{mapping.error.message}</p>}
          {mapping.data?.unmapped.length === 0 && (
            <p className="text-sm text-muted-foreground">Every agent id on your cases is mapped.</p>
          )}
          {mapping.data && mapping.data.unmapped.length > 0 && (
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="p-2">RDN agent id</th>
                  <th className="p-2 text-right">Cases</th>
                  <th className="p-2">Person</th>
                  <th className="p-2" />
                </tr>
              </thead>
              <tbody>
                {mapping.data.unmapped.map((row) => (
                  <UnmappedRow
                    key={row.rdn_agent_id}
                    agentId={row.rdn_agent_id}
                    cases={row.case_count}
                    people={mapping.data.people}
                  />
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Mapped agent ids</CardTitle>
        </CardHeader>
        <CardContent>
          {mapping.data?.mappings.length === 0 && <p className="text-sm text-muted-foreground">No mappings yet.</p>}
          {mapping.data && mapping.data.mappings.length > 0 && (
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="p-2">RDN agent id</th>
                  <th className="p-2">Person</th>
                  <th className="p-2 text-right">Cases</th>
                  <th className="p-2" />
                </tr>
              </thead>
              <tbody>
                {mapping.data.mappings.map((row) => (
                  <tr key={row.id} className="border-t" data-testid="mapped-agent">
                    <td className="p-2 font-mono">{row.rdn_agent_id}</td>
                    <td className="p-2">{`${row.profile.name} (${roleLabel(row.profile.role)})`}</td>
                    <td className="p-2 text-right">{formatWhole(row.case_count)}</td>
                    <td className="p-2 text-right">
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={unmap.isPending}
                        onClick={() => void unmap.mutateAsync(row.id).catch(notify.failure)}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
