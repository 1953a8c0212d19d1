import type { Listen } from '../db/connect'
import { NOTIFICATIONS_CHANNEL } from '../db/migrations/023-notifications'
import type { Logger } from '../lib/logger'
import { createTopicHub, type TopicHub } from './hub'

/** New and read notifications, keyed by the person (profile id) they are for. */
export type NotificationHub = TopicHub

export function createNotificationHub(listen: Listen, logger: Logger): Promise<NotificationHub> {
  return createTopicHub(listen, logger, NOTIFICATIONS_CHANNEL, (message) => {
    const { profileId, op } = message as { profileId: string; op: string }
    return { key: profileId, data: op }
  })
}
