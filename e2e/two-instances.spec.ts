import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { TWO_INSTANCE_URLS } from './ports'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

const [instanceA, instanceB] = TWO_INSTANCE_URLS

test.skip(!process.env.TEST_DATABASE_URL, 'needs a PostgreSQL server (TEST_DATABASE_URL), as CI has')

test('a case synced through one instance appears within 2 s in a browser on the other', async ({ browser }) => {
  const watcher = await (await browser.newContext({ baseURL: instanceB })).newPage()
  await signInAndLand(watcher, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await watcher.goto('/dashboard/orders?q=crossover')
  await expect(watcher.getByText('No cases match these filters.')).toBeVisible()

  const admin = await (await browser.newContext({ baseURL: instanceA })).newPage()
  await signInAndLand(admin, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await admin.goto('/dashboard/users')
  await admin.getByLabel('Key name').fill('two instances')
  await admin.getByRole('button', { name: 'Create Key' }).click()
  const key = (await admin.getByTestId('new-api-key').textContent()) ?? ''

  const started = Date.now()
  const synced = await admin.request.post(`${instanceA}/api/sync/rdn-cases`, {
    headers: { authorization: `Bearer ${key}` },
    data: { cases: [{ case_id: 8800, case_number: 'RDN-CROSS', make: 'Crossover', status: 'Open' }] },
  })
  expect(synced.status()).toBe(200)
  // Issue 4 asks for this figure: within 2 s, with two instances on one PostgreSQL database too.
  await expect(watcher.getByTestId('case-row')).toContainText('RDN-CROSS', { timeout: 2_000 })
  expect(Date.now() - started).toBeLessThan(2_000)
})
