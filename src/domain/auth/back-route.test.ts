import { describe, expect, it } from 'vitest'
import { backFallbackRoute, CASE_LIST_ROUTE, canOpenScreen, inAppPath, ROLES, screenForPath } from '.'

describe('Back from an order or case detail', () => {
  it.each(ROLES)('never sends %s to a screen it may not open', (role) => {
    const route = backFallbackRoute(role)
    const screen = screenForPath(route.replace('/dashboard/', ''))
    expect(screen, route).toBeDefined()
    expect(canOpenScreen(role, screen as NonNullable<typeof screen>), route).toBe(true)
  })

  it.each([
    ['admin', CASE_LIST_ROUTE],
    ['field_manager', CASE_LIST_ROUTE],
    ['lot_manager', '/dashboard/lot-manager'],
    ['recovery_agent', '/dashboard/recovery-agent'],
    ['locksmith', '/dashboard/locksmith'],
    ['camera_driver', '/dashboard/camera-driver'],
    ['compliance_manager', '/dashboard/compliance-manager'],
  ])('%s without history goes to %s', (role, route) => {
    expect(backFallbackRoute(role)).toBe(route)
  })

  it.each([
    ['/dashboard/orders?status=Open&page=2', '/dashboard/orders?status=Open&page=2'],
    ['/dashboard/lot-manager', '/dashboard/lot-manager'],
    ['//evil.example/x', null],
    ['https://evil.example', null],
    ['status=Open', null],
    [undefined, null],
    [42, null],
  ])('takes %s from history as %s', (from, expected) => {
    expect(inAppPath(from)).toBe(expected)
  })
})
