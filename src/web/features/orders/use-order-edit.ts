import { useState } from 'react'
import { EDITABLE_ORDER_FIELDS, type EditableOrderField, orderEditSchema } from '../../../domain/orders/order-edit'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { type OrderDetail, useSaveOrder } from './api'

type Draft = Record<EditableOrderField, string>
/** What Edit copied: the values and the version the person started from. */
type Session = { original: Draft; updatedAt: string; draft: Draft }
export type FieldErrors = Partial<Record<EditableOrderField, string>>

const asText = (value: string | null | undefined) => value ?? ''

const copyOf = (order: OrderDetail) =>
  Object.fromEntries(EDITABLE_ORDER_FIELDS.map((field) => [field, asText(order[field])])) as Draft

/**
 * The fields the person changed since Edit, compared with what Edit copied (not with a newer
 * copy fetched meanwhile), so someone else's change is neither reverted nor silently overwritten.
 */
function changedFields({ original, draft }: Session) {
  return Object.fromEntries(
    EDITABLE_ORDER_FIELDS.filter((field) => draft[field].trim() !== original[field].trim()).map((field) => [
      field,
      draft[field],
    ]),
  )
}

function fieldOf(path: string | undefined): EditableOrderField | undefined {
  const field = path?.replace(/^changes\./, '')
  return EDITABLE_ORDER_FIELDS.find((candidate) => candidate === field)
}

/**
 * Edit mode of the order detail (SPEC.md section 2): Edit copies the editable fields, Save sends
 * only what changed (checked here and again on the server), Cancel throws the copy away.
 */
export function useOrderEdit(order: OrderDetail) {
  const [session, setSession] = useState<Session | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSaveOrder(order.id)

  const stop = () => {
    setSession(null)
    setErrors({})
  }

  const submit = async () => {
    if (!session) return
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
      await save.mutateAsync({ expectedUpdatedAt: session.updatedAt, changes: checked.data.changes })
      stop()
      notify.success({ title: 'Success', description: 'Order updated successfully' })
    } catch (error) {
      const field = error instanceof ApiError ? fieldOf(error.field) : undefined
      if (field) setErrors({ [field]: (error as Error).message.replace(/^changes\.\w+: /, '') })
      // The server's reason (a conflict, a refused value, the database away) is said, never dropped.
      // SPEC.md section 8's 'Failed to update order', followed by the reason when the server gave one.
      const description =
        error instanceof ApiError ? `Failed to update order. ${error.message}` : 'Failed to update order'
      notify.error({ title: 'Error', description })
    }
  }

  return {
    editing: session !== null,
    saving: save.isPending,
    draft: session?.draft ?? null,
    errors,
    start: () => setSession({ original: copyOf(order), updatedAt: order.updated_at, draft: copyOf(order) }),
    cancel: stop,
    change: (field: EditableOrderField, value: string) => {
      setSession((current) => (current ? { ...current, draft: { ...current.draft, [field]: value } } : current))
      setErrors((current) => ({ ...current, [field]: undefined }))
    },
    submit,
  }
}
export type OrderEditor = ReturnType<typeof useOrderEdit>
