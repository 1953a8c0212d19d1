import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 44 item 6: two RDN cases of one vehicle arrive in one sync batch; both case pages carry a
// 'Collision' badge linking to each other, and the collision list resolves it (which case stands, why).

const VIN = '5YJSA1E26HF000044'

test('a collision shows on both cases, linked, and is resolved from the list', async ({ page }) => {
  await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/users')
  await page.getByLabel('Key name').fill('e2e collisions')
  await page.getByRole('button', { name: 'Create Key' }).click()
  const key = (await page.getByTestId('new-api-key').textContent()) ?? ''
  expect(key).toMatch(/^rd_/)
  const synced = await page.request.post('/api/sync/rdn-cases', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      cases: [
        { case_id: 8441, case_number: 'RDN-COL-1', make: 'Tesla', status: 'Open', vin: VIN },
        { case_id: 8442, case_number: 'RDN-COL-2', make: 'Tesla', status: 'Open', vin: VIN.toLowerCase() },
      ],
    },
  })
  expect(synced.status()).toBe(200)

  await page.goto('/cases/8441')
  const badges = page.getByTestId('collision-badges')
  await expect(badges).toHaveText('CollisionSame VIN as RDN case RDN-COL-2')
  await badges.getByRole('link').click()
  await expect(page).toHaveURL(/\/cases\/8442$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('RDN-COL-2')
  await expect(page.getByTestId('collision-badges')).toHaveText('CollisionSame VIN as RDN case RDN-COL-1')

  // The list is reached from the navigation.
  await page.goto('/dashboard/management')
  await page.getByRole('navigation').getByRole('link', { name: 'Vehicle Collisions' }).click()
  await expect(page).toHaveURL(/\/dashboard\/collisions$/)
  const row = page.getByTestId('collision-row').filter({ hasText: 'RDN-COL-1' })
  await expect(row).toContainText('RDN case RDN-COL-2')
  await expect(row).toContainText(`Same VIN${VIN}`)
  await row.getByRole('button', { name: 'Resolve' }).click()
  const dialog = page.getByRole('dialog', { name: 'Resolve collision' })
  await dialog.getByRole('button', { name: 'Resolve' }).click()
  // Nothing chosen: the server names the field.
  await expect(dialog.getByText(/Standing case is required/)).toBeVisible()
  await dialog.getByLabel('Case that stands').selectOption({ label: 'RDN case RDN-COL-1' })
  await dialog.getByLabel('Reason').fill('The lender cancelled the second assignment')
  await dialog.getByRole('button', { name: 'Resolve' }).click()
  await expect(page.getByText('Collision resolved: RDN case RDN-COL-1 stands')).toBeVisible()
  await expect(page.getByTestId('collision-row').filter({ hasText: 'RDN-COL-1' })).toHaveCount(0)

  await page.goto('/cases/8441')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('RDN-COL-1')
  await expect(page.getByTestId('collision-badges')).toHaveCount(0)
})
