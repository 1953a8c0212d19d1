import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CLEAR_ALL_CONFIRMATION } from '../../../domain/import/clear-confirmation'
import type { ImportResult } from '../../../domain/import/messages'
import { ApiError, api, readJson } from '../../lib/api'

export type ImportSettings = { skipDuplicates: boolean; autoCreateClients: boolean; randomizeNames: boolean }

type ImportEvent =
  | ({ type: 'progress' } & { processed: number; total: number })
  | ({ type: 'done' } & ImportResult)
  | { type: 'failed'; message: string }

export const IMPORT_FAILED = 'An error occurred during import. Please try again.'

export function useClientCount() {
  return useQuery({
    queryKey: ['import', 'clients'],
    queryFn: async () => (await readJson<{ count: number }>(await api.api.import.clients.$get())).count,
  })
}

/**
 * Sends the paste and reads the server's newline-delimited progress as batches commit
 * (`onProgress` gets 0 to 100), resolving with the result or throwing the failure.
 */
export async function runImport(
  text: string,
  settings: ImportSettings,
  onProgress: (percent: number) => void,
): Promise<ImportResult> {
  const response = await fetch('/api/import/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, settings }),
  })
  if (!response.ok || !response.body) await readJson(response)
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (value) buffered += decoder.decode(value, { stream: true })
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines.filter(Boolean)) {
      const event = JSON.parse(line) as ImportEvent
      if (event.type === 'progress') {
        onProgress(event.total ? Math.round((event.processed / event.total) * 100) : 100)
        // Let the screen paint each step, even when several arrive in one network read.
        await new Promise((resolve) => requestAnimationFrame(resolve))
      } else if (event.type === 'done') return event
      // The server's words about its failure, as a refusal's are.
      else throw new ApiError(response.status, event.message)
    }
    if (done) throw new Error(IMPORT_FAILED)
  }
}

export function useClearOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    // Sent only after the person agreed to the spec's question; the server requires it.
    mutationFn: async () =>
      readJson<{ deleted: number }>(await api.api.import.orders.$delete({ json: { confirm: CLEAR_ALL_CONFIRMATION } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  })
}
