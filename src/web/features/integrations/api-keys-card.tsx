import { type FormEvent, useState } from 'react'
import { formatDateTime } from '../../../domain/formats/dates'
import { CopyButton } from '../../components/copy-button'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api'

/** Keys for integrations such as the RDN sync (administrators only); a new key is shown once. */
export function ApiKeysCard() {
  const keys = useApiKeys(true)
  const createKey = useCreateApiKey()
  const revokeKey = useRevokeApiKey()
  const [name, setName] = useState('')
  const [shown, setShown] = useState<string | null>(null)
  // The server's refusal: a reason about the name shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)

  async function create(event: FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      const created = await createKey.mutateAsync(name)
      setShown(created.key)
      setName('')
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) setRefusal(error)
      else notify.failure(error)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">API Keys</CardTitle>
        <CardDescription>For integrations such as the RDN case sync (POST /api/sync/rdn-cases).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <FormProblems error={refusal}>
          <form onSubmit={create} className="flex flex-wrap items-start gap-2">
            <FormField
              id="api-key-name"
              label="Key name"
              hideLabel
              name="name"
              placeholder="e.g. RDN nightly sync"
              wrapperClassName="w-full max-w-xs"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
            />
            <Button type="submit" disabled={createKey.isPending}>
              Create Key
            </Button>
            <FormProblemsSummary className="basis-full text-sm text-destructive" />
          </form>
        </FormProblems>
        {shown && (
          <div role="status" className="space-y-1 rounded-md border border-warning/50 p-3 text-sm">
            <p className="font-medium">Copy this key now: it is not shown again.</p>
            <div className="flex items-center gap-2">
              <code className="break-all font-mono text-xs" data-testid="new-api-key">
                {shown}
              </code>
              <CopyButton value={shown} label="API key" />
            </div>
          </div>
        )}
        {keys.isError && <p className="text-sm text-destructive">{`Failed to load keys: ${keys.error.message}`}</p>}
        {keys.data?.keys.length === 0 && <p className="text-sm text-muted-foreground">No keys yet.</p>}
        <ul className="divide-y rounded-md border empty:hidden">
          {keys.data?.keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <div>
                <p className="font-medium">{key.name}</p>
                <p className="text-xs text-muted-foreground">
                  {`${key.key_prefix}… · created ${formatDateTime(key.created_at)} · last used ${formatDateTime(key.last_used_at)}`}
                </p>
              </div>
              {key.revoked_at ? (
                <span className="text-xs text-muted-foreground">Revoked</span>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    window.confirm(`Revoke "${key.name}"? Integrations using it stop at once.`) &&
                    revokeKey.mutate(key.id, { onError: notify.failure })
                  }
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
