import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

test('an admin maps an unmapped RDN agent id in one click and the case shows the agent', async ({ page }) => {
  await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await page.goto('/cases/7003')
  await expect(page.getByText('Recovery Agent', { exact: true }).locator('..')).toContainText('-')

  await page.goto('/dashboard/agent-mapping')
  const row = page.getByTestId('unmapped-agent').filter({ hasText: 'RDN-AGENT-77' })
  await expect(row).toContainText('1')
  await row.getByLabel('Person for RDN-AGENT-77').selectOption({ label: 'Pat recovery agent (Recovery Agent)' })
  await row.getByRole('button', { name: 'Map' }).click()
  await expect(page.getByTestId('mapped-agent').filter({ hasText: 'RDN-AGENT-77' })).toContainText('Pat recovery agent')
  await expect(page.getByTestId('unmapped-agent').filter({ hasText: 'RDN-AGENT-77' })).toHaveCount(0)

  await page.goto('/cases/7003')
  await expect(page.getByText('Recovery Agent', { exact: true }).locator('..')).toContainText('Pat recovery agent')
})
