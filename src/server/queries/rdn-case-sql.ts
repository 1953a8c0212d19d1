import { sql } from 'kysely'

// SQL for an RDN case aliased `c`: the one way its agent and its client are resolved.

/** The person an RDN agent id is: a mapping first, else the profile carrying that RDN id (as the case list resolves them). */
export const rdnAgentProfile = sql<string | null>`coalesce(
  (select m.profile_id from rdn_agent_mappings m where m.company_id = c.company_id and m.rdn_agent_id = c.assigned_agent_id order by m.created_at limit 1),
  (select p.id from profiles p where p.company_id = c.company_id and p.rdn_id_number = c.assigned_agent_id order by p.created_at limit 1))`

/**
 * The client an RDN case bills: the one its lender (else lienholder) names, by the rule of
 * src/domain/clients/rdn-case-client.ts, resolved and kept on the case (migration 040).
 */
export const rdnCaseClient = sql<string | null>`c.client_id`
