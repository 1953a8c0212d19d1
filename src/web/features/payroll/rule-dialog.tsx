import { useState } from 'react'
import { ROLE_LABELS, ROLES } from '../../../domain/auth/roles'
import { isPercentBasis, PAY_EVENT_LABELS, RULE_KINDS, type RuleKind } from '../../../domain/payroll/pay-kinds'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { localToday } from '../../lib/local-day'
import { useClients } from '../clients/api'
import { useCreatePayRule, usePayPeople } from './api'
import { FormActions } from './form-actions'
import { newRuleDraft, type RuleDraft, RuleDraftError, toRuleInput } from './rule-draft'
import { RULE_RATE_FIELDS, RuleRateFields } from './rule-rate-fields'

const TOP_FIELDS = ['kind', 'role', 'profileId', 'orderType', 'clientId', 'effectiveFrom', 'effectiveTo']

/** A new pay rule: every field of the rule's input, with the server's refusal (an overlap, a split over 100 %) beside it. */
export function RuleDialog({ onClose }: { onClose: () => void }) {
  const people = usePayPeople()
  const clients = useClients('')
  const create = useCreatePayRule()
  const [draft, setDraft] = useState<RuleDraft>(() => newRuleDraft(localToday()))
  // The form's own check (a rate it cannot read), or the server's refusal (its reasons beside their fields).
  const [error, setError] = useState<RuleDraftError | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const change = (part: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...part }))
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    setRefusal(null)
    try {
      await create.mutateAsync(toRuleInput(draft))
      notify.success({ title: 'Pay rule added', description: PAY_EVENT_LABELS[draft.kind] })
      onClose()
    } catch (failure) {
      if (failure instanceof RuleDraftError) setError(failure)
      else setRefusal(failure)
    }
  }

  const field = error?.field?.replace(/\.\d+$/, '')
  const shownBeside =
    field !== undefined &&
    (TOP_FIELDS.includes(field) || RULE_RATE_FIELDS.includes(field)) &&
    (field !== 'excludedFeeTypes' || isPercentBasis(draft.basis))

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogTitle>New pay rule</DialogTitle>
        <DialogDescription>
          Prices work from its first day in force. Work already in an approved or locked period keeps its pay.
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                id="rule-kind"
                label="Pays for"
                value={draft.kind}
                onChange={(event) => change({ kind: event.target.value as RuleKind })}
                field="kind"
                error={fieldError('kind')}
              >
                {RULE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {PAY_EVENT_LABELS[kind]}
                  </option>
                ))}
              </SelectField>
              <SelectField
                id="rule-target"
                label="Applies to"
                value={draft.target}
                onChange={(event) => change({ target: event.target.value as RuleDraft['target'] })}
              >
                <option value="role">Everyone in a role</option>
                <option value="person">One person</option>
              </SelectField>
              {draft.target === 'role' ? (
                <SelectField
                  id="rule-role"
                  label="Role"
                  value={draft.role}
                  onChange={(event) => change({ role: event.target.value as RuleDraft['role'] })}
                  field="role"
                  error={fieldError('role')}
                >
                  <option value="">Choose a role</option>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <SelectField
                  id="rule-person"
                  label="Person"
                  value={draft.profileId}
                  onChange={(event) => change({ profileId: event.target.value })}
                  field="profileId"
                  error={fieldError('profileId') ?? (people.isError ? people.error.message : undefined)}
                >
                  <option value="">{people.isPending ? 'Loading...' : 'Choose a person'}</option>
                  {people.data?.map((person) => (
                    <option key={person.profileId} value={person.profileId}>
                      {person.name} ({ROLE_LABELS[person.role]})
                    </option>
                  ))}
                </SelectField>
              )}
              <SelectField
                id="rule-client"
                label="Client"
                value={draft.clientId}
                onChange={(event) => change({ clientId: event.target.value })}
                field="clientId"
                error={fieldError('clientId') ?? (clients.isError ? clients.error.message : undefined)}
              >
                <option value="">Any client</option>
                {clients.data?.map((client) => (
                  <option key={client.id} value={client.id}>
                    {client.name}
                    {client.active ? '' : ' (inactive)'}
                  </option>
                ))}
              </SelectField>
              <FormField
                id="rule-order-type"
                label="Order type (optional, blank for any)"
                value={draft.orderType}
                maxLength={60}
                onChange={(event) => change({ orderType: event.target.value })}
                field="orderType"
                error={fieldError('orderType')}
              />
            </div>
            <RuleRateFields draft={draft} onChange={change} errorFor={fieldError} />
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField
                id="rule-from"
                label="First day in force"
                type="date"
                value={draft.effectiveFrom}
                onChange={(event) => change({ effectiveFrom: event.target.value })}
                field="effectiveFrom"
                error={fieldError('effectiveFrom')}
              />
              <FormField
                id="rule-to"
                label="Last day in force (optional)"
                type="date"
                value={draft.effectiveTo}
                onChange={(event) => change({ effectiveTo: event.target.value })}
                field="effectiveTo"
                error={fieldError('effectiveTo')}
              />
            </div>
            {error && !shownBeside && (
              <p role="alert" className="text-sm text-destructive">
                {error.message}
              </p>
            )}
            <FormProblemsSummary className="text-sm text-destructive" />
            <FormActions onCancel={onClose} pending={create.isPending} label="Save rule" />
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
