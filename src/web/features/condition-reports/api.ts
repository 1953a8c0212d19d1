import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { useRef, useState } from 'react'
import type { z } from 'zod'
import type { reportDraftSchema } from '../../../domain/condition/report'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

/** Whose reports: an order by its id, or an RDN case by the case id its detail opens. */
export type ReportTarget = { subject: 'order'; orderId: string } | { subject: 'case'; caseId: string }

const reports = api.api['condition-reports']
export type CaseReports = InferResponseType<(typeof reports.cases.orders)[':orderId']['$get'], 200>
export type ConditionReport = CaseReports['reports'][number]
/** A stored photo as the report shows it, and as an upload answers. */
export type ReportPhoto = NonNullable<ConditionReport['photos'][number]['file']>
/** What the form sends: the whole draft (zod's input, before its defaults). */
export type DraftBody = z.input<typeof reportDraftSchema>

const reportsKey = (target: ReportTarget) =>
  ['condition-reports', target.subject, target.subject === 'order' ? target.orderId : target.caseId] as const
const timelineKey = (target: ReportTarget) =>
  ['timeline', target.subject, target.subject === 'order' ? target.orderId : target.caseId] as const

export function useConditionReports(target: ReportTarget) {
  return useQuery({
    queryKey: reportsKey(target),
    queryFn: async () =>
      readJson<CaseReports>(
        target.subject === 'order'
          ? await reports.cases.orders[':orderId'].$get({ param: { orderId: target.orderId } })
          : await reports.cases.rdn[':caseId'].$get({ param: { caseId: target.caseId } }),
      ),
  })
}

/** Starts a draft, or an amendment of the accepted one (once per click, however often it is sent). */
export function useStartReport(target: ReportTarget) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (_: undefined, submit) =>
      readJson<CaseReports>(
        target.subject === 'order'
          ? await reports.cases.orders[':orderId'].$post({ param: { orderId: target.orderId } }, submit)
          : await reports.cases.rdn[':caseId'].$post({ param: { caseId: target.caseId } }, submit),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(reportsKey(target), data)
      void queryClient.invalidateQueries({ queryKey: timelineKey(target) })
    },
  })
}

/**
 * Saves the whole draft. Saves run one after another (a photo taken while another is saving
 * waits its turn), each with the form as it was when asked, so the last one asked wins.
 */
export function useSaveDraft(target: ReportTarget, reportId: string) {
  const queryClient = useQueryClient()
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const [running, setRunning] = useState(0)
  const put = useMutation({
    mutationFn: async (json: DraftBody) =>
      readJson<CaseReports>(await reports[':reportId'].$put({ param: { reportId }, json })),
    onSuccess: (data) => queryClient.setQueryData(reportsKey(target), data),
  })
  const { mutateAsync } = put
  return {
    saving: running > 0,
    save(body: DraftBody): Promise<CaseReports> {
      setRunning((count) => count + 1)
      const next = queue.current.catch(() => undefined).then(() => mutateAsync(body))
      queue.current = next
      return next.finally(() => setRunning((count) => count - 1))
    },
  }
}

/** Accepts the draft: 400 says in words what is still missing. */
export function useAcceptReport(target: ReportTarget, reportId: string) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (_: undefined, submit) =>
      readJson<CaseReports>(await reports[':reportId'].accept.$post({ param: { reportId } }, submit)),
    onSuccess: (data) => {
      queryClient.setQueryData(reportsKey(target), data)
      void queryClient.invalidateQueries({ queryKey: timelineKey(target) })
    },
  })
}

/** Sends a photo as the raw body, telling how much is sent so far (a phone on a slow link). */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<ReportPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/files')
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream')
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name))
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const response = new Response(request.responseText, {
        status: request.status,
        headers: { 'Content-Type': 'application/json' },
      })
      readJson<{ file: ReportPhoto }>(response).then((body) => resolve(body.file), reject)
    }
    request.onerror = () => reject(new Error('The photo could not be sent. Check the connection and try again.'))
    request.send(file)
  })
}
