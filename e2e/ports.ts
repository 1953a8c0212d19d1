/** The e2e servers: the main one on its embedded database, and two sharing one PostgreSQL database. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173)
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`
export const TWO_INSTANCE_URLS = [`http://localhost:${E2E_PORT + 1}`, `http://localhost:${E2E_PORT + 2}`]
