import { expect, type Page, test } from '@playwright/test'
import { DATABASE_UNREACHABLE_MESSAGE } from '../src/server/http/database-unreachable'
import { BOOTSTRAP_ADMIN, signIn } from './fixtures/sign-in'

// The server's answer while its database is unreachable (src/server/app.ts), stood in for here:
// the embedded database of the e2e server cannot be taken away from under it.
const OUTAGE = {
  status: 503,
  contentType: 'application/json',
  headers: { 'retry-after': '5' },
  body: JSON.stringify({
    error: { code: 'unavailable', message: DATABASE_UNREACHABLE_MESSAGE },
    message: DATABASE_UNREACHABLE_MESSAGE,
  }),
}

async function countRequests(page: Page, path: string) {
  const seen = { count: 0 }
  await page.route(`**${path}`, async (route) => {
    seen.count++
    await route.fulfill(OUTAGE)
  })
  return seen
}

test('signing in while the database is unreachable says so', async ({ page }) => {
  await countRequests(page, '/api/auth/sign-in/email')
  await signIn(page, BOOTSTRAP_ADMIN.email, 'whatever-password')
  await expect(page.getByText(DATABASE_UNREACHABLE_MESSAGE)).toBeVisible()
  await expect(page.getByText('Invalid email or password')).toHaveCount(0)
})

test('a screen whose session check meets the outage says so, after a few spaced retries, not a loop', async ({
  page,
}) => {
  const me = await countRequests(page, '/api/me')
  await page.goto('/dashboard/orders')
  await expect(page.getByText('Authentication Error')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(DATABASE_UNREACHABLE_MESSAGE).first()).toBeVisible()
  const settled = me.count
  expect(settled).toBeLessThanOrEqual(4)
  // Nothing keeps asking in the background while the screen waits for the person.
  await page.waitForTimeout(5_000)
  expect(me.count).toBe(settled)
})
