import { describe, expect, it } from 'vitest'
import { bellLabel, notificationAge, unreadBadge } from './notifications'

describe('the bell badge', () => {
  it('shows nothing at 0, the count to 99, then 99+', () => {
    expect(unreadBadge(0)).toBeNull()
    expect(unreadBadge(-1)).toBeNull()
    expect(unreadBadge(1)).toBe('1')
    expect(unreadBadge(99)).toBe('99')
    expect(unreadBadge(100)).toBe('99+')
    expect(unreadBadge(12_345)).toBe('99+')
  })

  it('names the unread count for screen readers', () => {
    expect(bellLabel(0)).toBe('Notifications')
    expect(bellLabel(3)).toBe('Notifications, 3 unread')
    expect(bellLabel(250)).toBe('Notifications, 99+ unread')
  })
})

describe('a notification age', () => {
  const now = new Date(2026, 10, 23, 18, 0, 0)
  const ago = (ms: number) => notificationAge(new Date(now.getTime() - ms), now)
  it('is short and relative within a week, then a date', () => {
    expect(ago(10_000)).toBe('just now')
    expect(ago(-5_000)).toBe('just now')
    expect(ago(5 * 60_000)).toBe('5 min ago')
    expect(ago(3 * 3_600_000)).toBe('3 h ago')
    expect(ago(30 * 3_600_000)).toBe('yesterday')
    expect(ago(4 * 86_400_000)).toBe('4 days ago')
    expect(notificationAge(new Date(2026, 10, 2, 9), now)).toBe('Nov 2')
    expect(notificationAge(new Date(2024, 10, 2, 9), now)).toBe('Nov 2, 2024')
  })
})
