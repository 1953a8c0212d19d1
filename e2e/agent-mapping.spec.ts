import { expect, test } from '@playwright/test'
import { field } from './fixtures/detail-page'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// RDN-7003 (e2e/seed-data.ts) names its agent by the id RDN-AGENT-77, which no one is mapped to.

test('an admin maps an unmapped RDN agent id in one click and the case shows the agent', async ({ page }) => {
  await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await page.goto('/cases/7003')
  const agentOnCase = field(page, 'Recovery Agent').getByRole('definition')
  // No one yet: the detail's dash for a missing value.
  await expect(agentOnCase).toHaveText('-')

  await page.goto('/dashboard/agent-mapping')
  const row = page.getByTestId('unmapped-agent').filter({ hasText: 'RDN-AGENT-77' })
  await expect(row.getByRole('cell')).toHaveText(['RDN-AGENT-77', '1', /^Choose a person/, 'Map'])
  await row.getByLabel('Person for RDN-AGENT-77').selectOption({ label: 'Pat recovery agent (Recovery Agent)' })
  await row.getByRole('button', { name: 'Map' }).click()
  const mapped = page.getByTestId('mapped-agent').filter({ hasText: 'RDN-AGENT-77' })
  await expect(mapped.getByRole('cell')).toHaveText([
    'RDN-AGENT-77',
    'Pat recovery agent (Recovery Agent)',
    '1',
    'Remove',
  ])
  await expect(page.getByTestId('unmapped-agent').filter({ hasText: 'RDN-AGENT-77' })).toHaveCount(0)

  await page.goto('/cases/7003')
  await expect(agentOnCase).toHaveText('Pat recovery agent')
})
