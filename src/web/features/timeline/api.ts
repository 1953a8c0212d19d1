import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { useEffect, useRef } from 'react'
import type { NoteInput } from '../../../domain/timeline/note'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

/** Whose timeline: an order by its id, or an RDN case by the case id its detail opens. */
export type TimelineTarget = { subject: 'order'; orderId: string } | { subject: 'case'; caseId: string }

const endpoints = api.api.timeline
export type TimelinePage = InferResponseType<(typeof endpoints.orders)[':orderId']['$get'], 200>
export type TimelineEntry = TimelinePage['entries'][number]

const timelineKey = (target: TimelineTarget) =>
  ['timeline', target.subject, target.subject === 'order' ? target.orderId : target.caseId] as const

async function fetchPage(target: TimelineTarget, before: string | null): Promise<TimelinePage> {
  const query = before ? { before } : {}
  const response =
    target.subject === 'order'
      ? await endpoints.orders[':orderId'].$get({ param: { orderId: target.orderId }, query })
      : await endpoints.cases[':caseId'].$get({ param: { caseId: target.caseId }, query })
  return readJson<TimelinePage>(response)
}

/** The timeline page by page, newest first: each next page is the entries older than the last shown. */
export const timelineQueryOptions = (target: TimelineTarget) =>
  infiniteQueryOptions({
    queryKey: timelineKey(target),
    queryFn: ({ pageParam }) => fetchPage(target, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  })

/**
 * The timeline of an order or case. `version` is the order's or case's updated_at: when it
 * changes (an Edit saved on the page, a live update), its new history is fetched too.
 */
export function useTimeline(target: TimelineTarget, version?: string) {
  const queryClient = useQueryClient()
  const seen = useRef(version)
  const key = timelineKey(target)
  const keyText = JSON.stringify(key)
  useEffect(() => {
    if (seen.current === version) return
    seen.current = version
    void queryClient.invalidateQueries({ queryKey: JSON.parse(keyText) })
  }, [version, keyText, queryClient])
  return useInfiniteQuery(timelineQueryOptions(target))
}

export type NoteDraft = NoteInput

/** Adds a note (once per submit, however often it is sent) and refreshes the timeline. */
export function useAddNote(target: TimelineTarget) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: NoteDraft, submit) =>
      readJson<{ entry: TimelineEntry }>(
        target.subject === 'order'
          ? await endpoints.orders[':orderId'].notes.$post({ param: { orderId: target.orderId }, json }, submit)
          : await endpoints.cases[':caseId'].notes.$post({ param: { caseId: target.caseId }, json }, submit),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelineKey(target) }),
  })
}
