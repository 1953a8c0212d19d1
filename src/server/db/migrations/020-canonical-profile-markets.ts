import { type Kysely, sql } from 'kysely'

/**
 * A profile's market was free text: 'mobile ' matched no case, so the person saw none. Every
 * market that is a case or spacing variant of exactly one of its company's markets (Market
 * Configuration's ZIP codes and lots, or Outside Area) becomes that market's name. Anything else
 * (unknown, or ambiguous) is left as it is, for an administrator to choose in User Management.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with choices as (
      select company_id, market as name from market_zip_codes
      union select company_id, market from market_lots
      union select id, 'Outside Area' from companies
    ),
    matches as (
      select profiles.id, min(choices.name) as name, count(distinct choices.name) as found
      from profiles
      join choices on choices.company_id = profiles.company_id
        and lower(btrim(regexp_replace(profiles.market, '\\s+', ' ', 'g')))
          = lower(btrim(regexp_replace(choices.name, '\\s+', ' ', 'g')))
      where profiles.market is not null
      group by profiles.id
    )
    update profiles set market = matches.name
    from matches
    where profiles.id = matches.id and matches.found = 1 and profiles.market <> matches.name`.execute(db)
}
