import { useFigures } from './api'

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`)

/**
 * Per agent: open cases now, every case they have had, recovered, the rate, days from assignment to
 * recovery, and the share of their Agent Updates (30 days) with evidence (issue 44).
 */
export function AgentFiguresTable() {
  const figures = useFigures()
  if (figures.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (figures.isError) return <p className="text-sm text-destructive">{figures.error.message}</p>
  if (figures.data.length === 0)
    return <p className="text-sm text-muted-foreground">No recovery agents in your markets.</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Agents">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">Agent</th>
            <th className="py-1 pr-3 text-right font-medium">Open</th>
            <th className="hidden py-1 pr-3 text-right font-medium sm:table-cell">On them</th>
            <th className="py-1 pr-3 text-right font-medium">Recovered</th>
            <th className="py-1 pr-3 text-right font-medium">Rate</th>
            <th className="hidden py-1 pr-3 text-right font-medium sm:table-cell">Days to recovery</th>
            <th className="hidden py-1 text-right font-medium sm:table-cell">Updates with evidence</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {figures.data.map((agent) => (
            <tr key={agent.id}>
              <td className="py-1.5 pr-3">
                {agent.name}
                <span className="block text-xs text-muted-foreground">{agent.markets.join(', ') || 'No market'}</span>
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{agent.open}</td>
              <td className="hidden py-1.5 pr-3 text-right tabular-nums sm:table-cell">{agent.assigned}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{agent.recovered}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{percent(agent.recoveryRate)}</td>
              <td className="hidden py-1.5 pr-3 text-right tabular-nums sm:table-cell">
                {agent.averageDaysToRecovery ?? '—'}
              </td>
              <td
                className="hidden py-1.5 text-right tabular-nums sm:table-cell"
                title={`${agent.updatesWithEvidence} of ${agent.updates} Agent Updates in the last 30 days carried GPS or a photo`}
              >
                {agent.updates === 0 ? '—' : percent(agent.updatesWithEvidence / agent.updates)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
