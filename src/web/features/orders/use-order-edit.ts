import { useState } from 'react'
import { EDITABLE_ORDER_FIELDS, type EditableOrderField, orderEditSchema } from '../../../domain/orders/order-edit'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { type OrderDetail, useSaveOrder } from './api'

type Draft = Record<EditableOrderField, string>
export type FieldErrors = Partial<Record<EditableOrderField, string>>

const asText = (value: string | null | undefined) => value ?? ''

/** The fields whose working-copy value differs from the order's (blank counts as empty). */
function changedFields(order: OrderDetail, draft: Draft) {
  return Object.fromEntries(
    EDITABLE_ORDER_FIELDS.filter((field) => draft[field].trim() !== asText(order[field]).trim()).map((field) => [
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
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSaveOrder(order.id)

  const stop = () => {
    setDraft(null)
    setErrors({})
  }

  const submit = async () => {
    if (!draft) return
    const changes = changedFields(order, draft)
    if (Object.keys(changes).length === 0) {
      stop()
      return
    }
    const checked = orderEditSchema.safeParse({ expectedUpdatedAt: order.updated_at, changes })
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
      await save.mutateAsync({ expectedUpdatedAt: order.updated_at, changes: checked.data.changes })
      stop()
      notify.success({ title: 'Success', description: 'Order updated successfully' })
    } catch (error) {
      const field = error instanceof ApiError ? fieldOf(error.field) : undefined
      if (field) setErrors({ [field]: (error as Error).message.replace(/^changes\.\w+: /, '') })
      const conflict = error instanceof ApiError && error.status === 409
      notify.error({
        title: 'Error',
        description: conflict ? `Failed to update order. ${(error as Error).message}` : 'Failed to update order',
      })
    }
  }

  return {
    editing: draft !== null,
    saving: save.isPending,
    draft,
    errors,
    start: () =>
      setDraft(Object.fromEntries(EDITABLE_ORDER_FIELDS.map((field) => [field, asText(order[field])])) as Draft),
    cancel: stop,
    change: (field: EditableOrderField, value: string) => {
      setDraft((current) => (current ? { ...current, [field]: value } : current))
      setErrors((current) => ({ ...current, [field]: undefined }))
    },
    submit,
  }
}
export type OrderEditor = ReturnType<typeof useOrderEdit>
