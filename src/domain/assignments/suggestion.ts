/** A recovery agent as the suggestion weighs them: the markets they work and their open cases. */
export type AgentLoad = { id: string; name: string; markets: readonly string[]; load: number }

/** Whether an agent covers a case: the market of the case's ZIP (market ZIP coverage) is one of theirs. */
export const coversCase = (agent: Pick<AgentLoad, 'markets'>, caseMarket: string | null) =>
  caseMarket !== null && agent.markets.includes(caseMarket)

/**
 * Issue 19's suggested agent: of the agents covering the case's ZIP, the one with the fewest open
 * cases (then by name); null when nobody covers it. Everyone else can still be chosen, with a
 * warning.
 */
export function suggestAgent(agents: readonly AgentLoad[], caseMarket: string | null): AgentLoad | null {
  let best: AgentLoad | null = null
  for (const agent of agents) {
    if (!coversCase(agent, caseMarket)) continue
    if (!best || agent.load < best.load || (agent.load === best.load && agent.name.localeCompare(best.name) < 0))
      best = agent
  }
  return best
}
