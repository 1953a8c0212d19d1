import { useState } from 'react'
import { momentOfInput } from '../../../domain/cases/repossession'
import { HOLD_STATUSES } from '../../../domain/holds/field-stops'
import {
  EDITABLE_ORDER_FIELDS,
  ORDER_CHANGE_FIELDS,
  type OrderChangeField,
  orderEditSchema,
} from '../../../domain/orders/order-edit'
import { ASSIGNMENT_FIELDS } from '../../../domain/orders/order-work'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { type OrderDetail, useSaveOrder } from './api'

/**
 * A field of Edit mode: the order's; with a move to Repossessed, when it happened (a datetime-local
 * value); with a move onto a hold, why (issue 44).
 */
export type EditField = OrderChangeField | 'repossessed_at' | 'hold_reason'
/** The fields that go only with a status they belong to. */
const WITH_STATUS: readonly EditField[] = ['repossessed_at', 'hold_reason']

/** Whether Edit mode asks why: the status chosen is a hold. */
export const isHoldStatus = (status: string | undefined) => (HOLD_STATUSES as readonly string[]).includes(status ?? '')
type Draft = Partial<Record<EditField, string>>
/** What Edit copied: the values and the version the person started from. */
type Session = { original: Draft; updatedAt: string; draft: Draft }
export type FieldErrors = Partial<Record<EditField, string>>

const asText = (value: string | null | undefined) => value ?? ''

/** The fields this person may change: the work fields only with the server's yes (field access, market). */
const fieldsFor = (order: OrderDetail): readonly OrderChangeField[] =>
  order.can_change_work ? ORDER_CHANGE_FIELDS : EDITABLE_ORDER_FIELDS

const copyOf = (order: OrderDetail): Draft =>
  Object.fromEntries(fieldsFor(order).map((field) => [field, asText(order[field])]))

/** 'Unassigned' is an empty choice, sent as null. */
const isPersonField = (field: OrderChangeField) => (ASSIGNMENT_FIELDS as readonly string[]).includes(field)

/**
 * The fields the person changed since Edit, compared with what Edit copied (not with a newer
 * copy fetched meanwhile), so someone else's change is neither reverted nor silently overwritten.
 */
function changedFields({ original, draft }: Session) {
  const fields = (Object.keys(draft) as EditField[]).filter((field) => !WITH_STATUS.includes(field))
  const changes: Record<string, string | null | undefined> = Object.fromEntries(
    fields
      .filter((field) => (draft[field] ?? '').trim() !== (original[field] ?? '').trim())
      .map((field) => [field, isPersonField(field as OrderChangeField) && !draft[field] ? null : draft[field]]),
  )
  // When it happened goes with the move to Repossessed only (blank: the server stamps now).
  if (changes.status === 'Repossessed' && draft.repossessed_at)
    changes.repossessed_at = momentOfInput(draft.repossessed_at)
  // Why goes with the move onto a hold (the server writes it with the status, on its hold record).
  if (changes.status !== undefined && isHoldStatus(changes.status ?? undefined) && draft.hold_reason?.trim())
    changes.hold_reason = draft.hold_reason.trim()
  return changes
}

function fieldOf(path: string | undefined): EditField | undefined {
  const field = path?.replace(/^changes\./, '')
  return field === 'repossessed_at' || field === 'hold_reason'
    ? field
    : ORDER_CHANGE_FIELDS.find((candidate) => candidate === field)
}

/** The name the server gives a field of Edit mode in its refusals ('changes.borrower_phone'). */
export const serverFieldOf = (field: EditField) => `changes.${field}`

/**
 * Edit mode of the order detail (SPEC.md section 2): Edit copies the editable fields, Save sends
 * only what changed (checked here and again on the server), Cancel throws the copy away.
 */
export function useOrderEdit(order: OrderDetail) {
  const [session, setSession] = useState<Session | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  // The server's refusal: each reason shows beside its field (<FormProblems> around the page).
  const [refusal, setRefusal] = useState<unknown>(null)
  const save = useSaveOrder(order.id)

  const stop = () => {
    setSession(null)
    setErrors({})
    setRefusal(null)
  }

  const submit = async () => {
    if (!session) return
    setRefusal(null)
    const changes = changedFields(session)
    if (Object.keys(changes).length === 0) {
      stop()
      return
    }
    const checked = orderEditSchema.safeParse({ expectedUpdatedAt: session.updatedAt, changes })
    if (!checked.success) {
      const found: FieldErrors = {}
      for (const issue of checked.error.issues) {
        const field = fieldOf(issue.path.join('.'))
        if (field && !found[field]) found[field] = issue.message
      }
      setErrors(found)
      return
    }
    try {
      const saved = await save.mutateAsync({ expectedUpdatedAt: session.updatedAt, changes: checked.data.changes })
      stop()
      // A hold that met a recovered order is kept, flagged for the client: said, not hidden in a success.
      if (saved.hold_arrived_after_recovery)
        notify.info({ title: 'Hold arrived after recovery', description: saved.message })
      else notify.success({ title: 'Success', description: 'Order updated successfully' })
    } catch (error) {
      const refused = error instanceof ApiError && error.problems.length > 0
      if (refused) setRefusal(error)
      // The server's reason (a conflict, a refused value, the database away) is said, never dropped:
      // a refused value beside its field, the rest in SPEC.md section 8's 'Failed to update order'
      // followed by the reason when the server gave one.
      const description =
        error instanceof ApiError && !(refused && error.status === 400)
          ? `Failed to update order. ${error.message}`
          : 'Failed to update order'
      notify.error({ title: 'Error', description })
    }
  }

  return {
    editing: session !== null,
    saving: save.isPending,
    draft: session?.draft ?? null,
    errors,
    refusal,
    start: () => setSession({ original: copyOf(order), updatedAt: order.updated_at, draft: copyOf(order) }),
    cancel: stop,
    /** Whether Edit mode offers the work fields (status, priority, due date, people). */
    changesWork: order.can_change_work,
    change: (field: EditField, value: string) => {
      setSession((current) => (current ? { ...current, draft: { ...current.draft, [field]: value } } : current))
      setErrors((current) => ({ ...current, [field]: undefined }))
    },
    submit,
  }
}
export type OrderEditor = ReturnType<typeof useOrderEdit>
