import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import type { Logger } from '../lib/logger'

export async function seedDemo(_db: Kysely<DB>, _logger: Logger): Promise<void> {}
