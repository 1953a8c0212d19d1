import { Plus } from 'lucide-react'
import { useState } from 'react'
import { ROLE_LABELS } from '../../../domain/auth/roles'
import { formatCaseDate, formatPeriod } from '../../../domain/formats/dates'
import { isPercentBasis, PAY_EVENT_LABELS } from '../../../domain/payroll/pay-kinds'
import type { PayRuleView } from '../../../domain/payroll/views'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { localToday } from '../../lib/local-day'
import { usePayRules } from './api'
import { EndRuleDialog } from './end-rule-dialog'
import { feeTypeNames, ruleHowText, ruleSplitText, ruleTierText } from './format'
import { PaySettingsCard } from './pay-settings-card'
import { RuleDialog } from './rule-dialog'

/** Who a rule pays: one person's override, or everyone in a role. */
export const ruleWho = (rule: PayRuleView) =>
  rule.personName ?? (rule.role ? ROLE_LABELS[rule.role] : rule.profileId ? 'A person no longer listed' : '—')

/** The Pay Rules tab: what each kind of work earns, by role or person, order type and client, by effective dates. */
export function RulesPanel() {
  const rules = usePayRules()
  const [creating, setCreating] = useState(false)
  const [ending, setEnding] = useState<PayRuleView | null>(null)
  const today = localToday()

  return (
    <div className="space-y-6">
      <section className="space-y-3" aria-labelledby="pay-rules-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h2 id="pay-rules-title" className="text-lg font-semibold">
              Pay rules
            </h2>
            <p className="text-sm text-muted-foreground">
              The most specific rule in force on the work's day prices it: a person's beats a role's, a client's beats
              an order type's. A rule is ended, never edited, so past pay keeps its reasons.
            </p>
          </div>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New rule
          </Button>
        </div>
        {rules.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
        {rules.isError && <p className="text-sm text-destructive">{rules.error.message}</p>}
        {rules.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">No pay rules yet: nobody earns anything until one is added.</p>
        )}
        {rules.data && rules.data.length > 0 && (
          <div className="relative overflow-x-auto rounded-md border">
            <table className="w-full min-w-[56rem] text-sm">
              <caption className="sr-only">Pay rules</caption>
              <thead className="bg-muted/50 text-left text-muted-foreground">
                <tr>
                  <th className="px-2 py-2">What for</th>
                  <th className="px-2 py-2">Who</th>
                  <th className="px-2 py-2">Order type</th>
                  <th className="px-2 py-2">Client</th>
                  <th className="px-2 py-2">How</th>
                  <th className="px-2 py-2">Tier</th>
                  <th className="px-2 py-2">Splits</th>
                  <th className="px-2 py-2">Holdback</th>
                  <th className="px-2 py-2">Excluded fees</th>
                  <th className="px-2 py-2">Effective</th>
                  <th className="px-2 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rules.data.map((rule) => (
                  <RuleRow key={rule.id} rule={rule} today={today} onEnd={() => setEnding(rule)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <PaySettingsCard />
      {creating && <RuleDialog onClose={() => setCreating(false)} />}
      {ending && <EndRuleDialog rule={ending} who={ruleWho(ending)} onClose={() => setEnding(null)} />}
    </div>
  )
}

function RuleRow({ rule, today, onEnd }: { rule: PayRuleView; today: string; onEnd: () => void }) {
  const ended = rule.effectiveTo !== null && rule.effectiveTo < today
  const upcoming = rule.effectiveFrom > today
  return (
    <tr className={ended ? 'border-t align-top text-muted-foreground' : 'border-t align-top'}>
      <td className="px-2 py-2 font-medium">{PAY_EVENT_LABELS[rule.kind]}</td>
      <td className="px-2 py-2">{ruleWho(rule)}</td>
      <td className="px-2 py-2">{rule.orderType ?? 'Any'}</td>
      <td className="px-2 py-2">{rule.clientName ?? (rule.clientId ? 'A client no longer listed' : 'Any')}</td>
      <td className="px-2 py-2">{ruleHowText(rule)}</td>
      <td className="px-2 py-2">{ruleTierText(rule)}</td>
      <td className="px-2 py-2">{ruleSplitText(rule)}</td>
      <td className="px-2 py-2">{rule.holdback ? 'Until the lender pays' : '—'}</td>
      <td className="px-2 py-2">{isPercentBasis(rule.basis) ? feeTypeNames(rule.excludedFeeTypes) : '—'}</td>
      <td className="px-2 py-2 whitespace-nowrap tabular-nums">
        {rule.effectiveTo
          ? formatPeriod(rule.effectiveFrom, rule.effectiveTo)
          : `${formatCaseDate(rule.effectiveFrom)} onward`}
        {ended && (
          <Badge variant="outline" className="ml-2">
            Ended
          </Badge>
        )}
        {upcoming && (
          <Badge variant="outline" className="ml-2">
            Upcoming
          </Badge>
        )}
      </td>
      <td className="px-2 py-1 text-right">
        {!ended && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`End rule: ${PAY_EVENT_LABELS[rule.kind]} for ${ruleWho(rule)}`}
            onClick={onEnd}
          >
            End rule
          </Button>
        )}
      </td>
    </tr>
  )
}
