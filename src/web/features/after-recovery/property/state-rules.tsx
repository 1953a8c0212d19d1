import { type FormEvent, useEffect, useState } from 'react'
import type { Role } from '../../../../domain/auth/roles'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../../components/ui/form-problems'
import { notify } from '../../../components/ui/toaster'
import { useMe } from '../../auth/session'
import { type PropertyRules, type StateRule, useRuleChange, useStateRules } from './api'
import { ServerMessage } from './parts'

/** Who sets the company's hold and notice days (the server checks again). */
const RULE_ROLES: Role[] = ['admin', 'manager', 'post_recovery_manager']

const SOURCE = { company: 'Company rule', state: 'State rule', default: 'Default' } as Record<string, string>

function RuleForm({ editing, onDone }: { editing: StateRule | null; onDone: () => void }) {
  const change = useRuleChange()
  const [state, setState] = useState(editing?.state ?? '')
  const [holdDays, setHoldDays] = useState(String(editing?.holdDays ?? ''))
  const [noticeDays, setNoticeDays] = useState(String(editing?.noticeDays ?? ''))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const code = state.trim().toUpperCase()
    change.mutate(
      { kind: 'save', state: code, rule: { holdDays: Number(holdDays), noticeDays: Number(noticeDays) } },
      {
        onSuccess: () => {
          notify.success({ title: `Rule for ${code} saved` })
          onDone()
        },
      },
    )
  }
  return (
    <FormProblems error={change.error}>
      <form className="space-y-3 rounded-md border p-3" onSubmit={submit} aria-label="State rule">
        <div className="grid grid-cols-3 gap-3">
          <FormField
            id="rule-state"
            label="State"
            value={state}
            maxLength={2}
            placeholder="CA"
            disabled={editing !== null}
            onChange={(event) => setState(event.target.value)}
            field="state"
          />
          <FormField
            id="rule-hold"
            label="Hold days"
            type="number"
            inputMode="numeric"
            min={1}
            value={holdDays}
            onChange={(event) => setHoldDays(event.target.value)}
            field="holdDays"
          />
          <FormField
            id="rule-notice"
            label="Notice days"
            type="number"
            inputMode="numeric"
            min={0}
            value={noticeDays}
            onChange={(event) => setNoticeDays(event.target.value)}
            field="noticeDays"
          />
        </div>
        <FormProblemsSummary className="text-sm text-destructive" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={change.isPending}>
            Save rule
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProblems>
  )
}

function SettingsForm({ rules }: { rules: PropertyRules }) {
  const change = useRuleChange()
  const [contact, setContact] = useState(rules.contact ?? '')
  const [twoPeople, setTwoPeople] = useState(rules.requireTwoPersonInventory ?? false)
  useEffect(() => setContact(rules.contact ?? ''), [rules.contact])
  useEffect(() => setTwoPeople(rules.requireTwoPersonInventory ?? false), [rules.requireTwoPersonInventory])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    change.mutate(
      { kind: 'settings', contact: contact.trim() || null, requireTwoPersonInventory: twoPeople },
      { onSuccess: () => notify.success({ title: 'Settings saved' }) },
    )
  }
  return (
    <FormProblems error={change.error}>
      <form className="space-y-3 border-t pt-4" onSubmit={submit} aria-label="Property settings">
        <FormField
          id="rule-contact"
          label="Contact printed on notice letters"
          placeholder="Phone or address where the owner arranges a pickup"
          value={contact}
          maxLength={200}
          onChange={(event) => setContact(event.target.value)}
          field="contact"
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={twoPeople} onChange={(event) => setTwoPeople(event.target.checked)} />
          Inventory property with two people
        </label>
        <FormProblemsSummary className="text-sm text-destructive" />
        <Button type="submit" size="sm" variant="outline" disabled={change.isPending}>
          Save settings
        </Button>
      </form>
    </FormProblems>
  )
}

function RuleRow({ rule, onEdit }: { rule: StateRule; onEdit: () => void }) {
  const remove = useRuleChange()
  return (
    <tr className="border-t" data-testid="state-rule">
      <td className="px-3 py-2">
        <span className="font-medium">{rule.state}</span>
        <span className="block text-xs text-muted-foreground sm:hidden">{SOURCE[rule.source] ?? rule.source}</span>
      </td>
      <td className="px-3 py-2">{rule.holdDays}</td>
      <td className="px-3 py-2">{rule.noticeDays}</td>
      <td className="hidden px-3 py-2 text-muted-foreground sm:table-cell">{SOURCE[rule.source] ?? rule.source}</td>
      <td className="px-3 py-2 text-right">
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Change the rule for ${rule.state}`}>
            Change
          </Button>
          {rule.source === 'company' && (
            <Button
              size="sm"
              variant="ghost"
              disabled={remove.isPending}
              aria-label={`Remove the company rule for ${rule.state}`}
              onClick={() => remove.mutate({ kind: 'remove', state: rule.state }, { onError: notify.failure })}
            >
              Remove
            </Button>
          )}
        </div>
      </td>
    </tr>
  )
}

/** The company's hold and notice days per state, over the states' own, and the contact on letters. */
export function StateRulesSection() {
  const role = useMe().data?.profile.role as Role | undefined
  const allowed = role !== undefined && RULE_ROLES.includes(role)
  const rules = useStateRules(allowed)
  const [editing, setEditing] = useState<StateRule | 'new' | null>(null)
  if (!allowed) return null
  return (
    <Card data-testid="state-rules">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">State rules</CardTitle>
        <CardDescription>How long property is held and when notice is due, counted from the recovery.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {rules.isPending && <p className="text-sm text-muted-foreground">Loading rules...</p>}
        {rules.isError && <ServerMessage error={rules.error} />}
        {rules.data && (
          <>
            <div className="overflow-x-auto rounded-md border">
              <table className="w-full text-sm">
                <thead className="bg-muted/50 text-left text-muted-foreground">
                  <tr>
                    <th className="px-3 py-2 font-medium">State</th>
                    <th className="px-3 py-2 font-medium">Hold days</th>
                    <th className="px-3 py-2 font-medium">Notice days</th>
                    <th className="hidden px-3 py-2 font-medium sm:table-cell">Source</th>
                    <th className="px-3 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rules.data.rules.map((rule) => (
                    <RuleRow key={rule.state} rule={rule} onEdit={() => setEditing(rule)} />
                  ))}
                </tbody>
              </table>
            </div>
            {editing ? (
              <RuleForm
                key={editing === 'new' ? 'new' : editing.state}
                editing={editing === 'new' ? null : editing}
                onDone={() => setEditing(null)}
              />
            ) : (
              <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
                Add a state rule
              </Button>
            )}
            {rules.data.defaultRule && (
              <p className="text-sm text-muted-foreground">
                Other states: {rules.data.defaultRule.holdDays} days held, notice within{' '}
                {rules.data.defaultRule.noticeDays} days.
              </p>
            )}
            <SettingsForm rules={rules.data} />
          </>
        )}
      </CardContent>
    </Card>
  )
}
