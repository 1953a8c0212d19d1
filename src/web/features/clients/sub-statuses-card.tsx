import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { useState } from 'react'
import { ActiveBadge } from '../../components/active-badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError, api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

type SubStatus = InferResponseType<(typeof api.api)['sub-statuses']['$get'], 200>['subStatuses'][number]
const endpoint = api.api['sub-statuses']
const key = ['sub-statuses'] as const

/** The company's sub-statuses: what the import links orders to, and where fee requests come from. */
export function SubStatusesCard() {
  const queryClient = useQueryClient()
  const list = useQuery({
    queryKey: key,
    queryFn: async () => (await readJson<{ subStatuses: SubStatus[] }>(await endpoint.$get())).subStatuses,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: key })
  const create = useSubmitMutation({
    mutationFn: async (json: { code: string; description: string }, submit) =>
      readJson(await endpoint.$post({ json }, submit)),
    onSuccess: refresh,
  })
  const toggle = useMutation({
    mutationFn: async ({ id, active }: { id: string; active: boolean }) =>
      readJson(await endpoint[':id'].$patch({ param: { id }, json: { active } })),
    onSuccess: refresh,
  })
  const [code, setCode] = useState('')
  const [description, setDescription] = useState('')
  // The server's refusal: a reason about a field (a code already used) shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)

  async function add(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      await create.mutateAsync({ code, description })
      setCode('')
      setDescription('')
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) setRefusal(error)
      else notify.failure(error)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Sub-statuses</CardTitle>
        <CardDescription>
          The import links orders to these by description or code; codes naming a fee (CLOSE_FEE, DOLLYS_FEE, ...)
          become fee requests on the order.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <FormProblems error={refusal}>
          <form className="flex flex-wrap items-start gap-2" onSubmit={(event) => void add(event)}>
            <FormField
              id="sub-status-code"
              label="Sub-status code"
              hideLabel
              name="code"
              placeholder="CODE_LIKE_THIS"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              className="w-56 font-mono"
            />
            <FormField
              id="sub-status-description"
              label="Sub-status description"
              hideLabel
              name="description"
              placeholder="Description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              className="w-72"
            />
            <Button type="submit" variant="outline" disabled={!code.trim() || !description.trim() || create.isPending}>
              Add sub-status
            </Button>
            <FormProblemsSummary className="basis-full text-destructive" />
          </form>
        </FormProblems>
        {list.isPending && <p className="text-muted-foreground">Loading...</p>}
        {list.data?.length === 0 && <p className="text-muted-foreground">No sub-statuses yet.</p>}
        <ul className="divide-y">
          {list.data?.map((status) => (
            <li
              key={status.id}
              className="flex flex-wrap items-center justify-between gap-2 py-1.5"
              data-testid="sub-status-row"
            >
              <span>
                <span className="font-mono">{status.code}</span>
                <span className="ml-2">{status.description}</span>
                <span className="ml-2 text-muted-foreground">{`${status.order_count} orders`}</span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => toggle.mutate({ id: status.id, active: !status.active }, { onError: notify.failure })}
              >
                <ActiveBadge active={status.active} />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
