import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { AssignmentState } from '../../../domain/assignments/assignment-state'
import type { CaseSource } from '../../../domain/assignments/board'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

const assignments = api.api.assignments
export type Board = InferResponseType<typeof assignments.board.$get, 200>
export type BoardRow = Board['rows'][number]
export type People = InferResponseType<typeof assignments.people.$get, 200>
export type Person = People['agents'][number]
export type AgentFigures = InferResponseType<typeof assignments.figures.$get, 200>['agents'][number]
export type HistoryEntry = InferResponseType<
  (typeof assignments.history)[':source'][':id']['$get'],
  200
>['history'][number]
export type AssignResult = InferResponseType<typeof assignments.$post, 200>

/** A case the board or the map hands out. */
export type CaseItem = { source: CaseSource; id: string; label: string }

export type BoardFilters = { market?: string; agent?: string; state?: AssignmentState; due?: 'yes'; q?: string }

/** Everything the assignments read: a change reads the board, the figures and the map again. */
export const ASSIGNMENT_KEYS = [['assignments'], ['map']] as const

export function useBoard(filters: BoardFilters, page: number) {
  return useQuery({
    queryKey: ['assignments', 'board', filters, page],
    queryFn: async () => readJson<Board>(await assignments.board.$get({ query: { ...filters, page: String(page) } })),
    placeholderData: keepPreviousData,
  })
}

export function usePeople() {
  return useQuery({
    queryKey: ['assignments', 'people'],
    queryFn: async () => readJson<People>(await assignments.people.$get()),
  })
}

export function useFigures() {
  return useQuery({
    queryKey: ['assignments', 'figures'],
    queryFn: async () => (await readJson<{ agents: AgentFigures[] }>(await assignments.figures.$get())).agents,
  })
}

export function useHistory(item: CaseItem | null) {
  return useQuery({
    queryKey: ['assignments', 'history', item?.source, item?.id],
    enabled: item !== null,
    queryFn: async () =>
      (
        await readJson<{ history: HistoryEntry[] }>(
          await assignments.history[':source'][':id'].$get({
            param: { source: item?.source as CaseSource, id: item?.id as string },
          }),
        )
      ).history,
  })
}

function useAssignmentChange<Input, Output>(
  call: (input: Input, submit: { headers: Record<string, string> }) => Promise<Response>,
) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (input: Input, submit) => readJson<Output>(await call(input, submit)),
    onSuccess: () => {
      for (const queryKey of ASSIGNMENT_KEYS) void queryClient.invalidateQueries({ queryKey })
    },
  })
}

type Cases = { source: CaseSource; id: string }[]

export function useAssign() {
  return useAssignmentChange<{ cases: Cases; agentId?: string | null; cameraDriverId?: string | null }, AssignResult>(
    (json, submit) => assignments.$post({ json }, submit),
  )
}

export function useSetState() {
  return useAssignmentChange<{ cases: Cases; state: AssignmentState }, { changed: number; state: AssignmentState }>(
    (json, submit) => assignments.state.$post({ json }, submit),
  )
}
