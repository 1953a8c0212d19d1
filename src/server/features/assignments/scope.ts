import type { Kysely } from 'kysely'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { viewerMarkets } from '../../queries/viewer-scope'
import type { BoardScope } from './board-sql'

/** Whose cases a person hands out: an administrator or manager every market's, a field manager their markets'. */
export async function boardScope(db: Kysely<DB>, viewer: Viewer): Promise<BoardScope> {
  const markets = viewer.role === 'field_manager' ? await viewerMarkets(db, viewer) : null
  return { companyId: viewer.companyId, markets }
}
