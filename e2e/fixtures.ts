import type { Page } from '@playwright/test'

export const BOOTSTRAP_ADMIN = { email: 'admin@example.com', password: 'Bootstrap-pass-1' }

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Signs in and waits until the user has landed on a /dashboard screen. */
export async function signInAndLand(page: Page, email: string, password: string) {
  await signIn(page, email, password)
  await page.waitForURL(/\/dashboard\/.+/)
}
