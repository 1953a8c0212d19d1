import path from 'node:path'
import { z } from 'zod'
import { REQUEST_STATEMENT_LIMIT_MS } from './db/statement-context'
import { parseS3Url, type S3Settings } from './file-store/s3-store'

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

const rateLimitText = z
  .string()
  .regex(/^\d+\/\d+$/, 'must look like MAX/SECONDS, for example 5/60')
  .default('5/60')
  .transform((value) => {
    const [max, window] = value.split('/').map(Number)
    return { max, window }
  })

const mapTilesMessage =
  'must be an http(s) XYZ raster tile URL template containing {z}, {x} and {y} on one host (no {s} subdomains), for example https://tiles.example.com/{z}/{x}/{y}.png'

/** An http(s) XYZ tile URL template: {z}, {x} and {y} in its path or query, a plain host (its origin goes into the CSP). */
function isTileTemplate(value: string) {
  if (!['{z}', '{x}', '{y}'].every((part) => value.includes(part)) || !URL.canParse(value)) return false
  const url = new URL(value)
  return (url.protocol === 'https:' || url.protocol === 'http:') && /^[a-z0-9.:[\]-]+$/i.test(url.host)
}

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Recovery Desk <no-reply@localhost>'),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  SIGN_IN_RATE_LIMIT: rateLimitText,
  GEOCODER_URL: z.url().optional(),
  S3_URL: z
    .string()
    .refine((value) => parseS3Url(value) !== null, 'must be like https://KEY:SECRET@host/bucket')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  MAP_TILES_URL: z.string().refine(isTileTemplate, mapTilesMessage).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: booleanText,
  STALE_CHECK_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(REQUEST_STATEMENT_LIMIT_MS),
})

/** A configuration the server cannot start with; its message is for the person starting it (no stack trace). */
export class ConfigError extends Error {}

/**
 * loadConfig for the entry points (server, db:migrate, cases:sync): a configuration problem is
 * the operator's to fix, so its message is printed and the process exits 1, without a stack trace.
 */
export function loadConfigOrExit(...args: Parameters<typeof loadConfig>): Config {
  try {
    return loadConfig(...args)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  baseUrl: string
  /** Whether PUBLIC_URL was given; without it the server answers on any of its addresses (see same-origin.ts). */
  publicUrlSet: boolean
  databaseUrl: string | undefined
  dataDir: string
  authSecret: string | undefined
  adminEmail: string
  adminPassword: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** Addresses of our own proxies / load balancers, whose X-Forwarded-For we believe. */
  trustedProxies: string[]
  signInRateLimit: { max: number; window: number }
  /** A Nominatim-compatible geocoder for street-level lookups; offline ZIP-level lookups without it. */
  geocoderUrl: string | undefined
  /** An S3-compatible bucket for photos and documents; files under DATA_DIR without it. */
  s3: S3Settings | undefined
  /** Street tiles for the Case Location Map (an XYZ template with {z}, {x}, {y}); the offline SVG map alone without it. */
  mapTilesUrl: string | undefined
  logLevel: string
  demo: boolean
  /** How often the stale-case check runs (notifications/stale-check.ts); 0 turns it off. */
  staleCheckMinutes: number
  /** How long one statement of a request may take before it is stopped and the request answers 503 (docs/decisions/032). */
  statementTimeoutMs: number
}

/**
 * Every environment variable the server reads, parsed once; nothing else reads process.env.
 * `--demo` (npm run demo) means DEMO=true with DATA_DIR defaulting to ./data/demo.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  argv: string[] = process.argv,
): Config {
  const demoFlag = argv.includes('--demo')
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = configSchema.safeParse(demoFlag ? { DATA_DIR: './data/demo', ...given, DEMO: 'true' } : given)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const value = parsed.data
  if (value.NODE_ENV === 'production') {
    const missing = [
      !value.PUBLIC_URL && 'PUBLIC_URL: required in production (the address people use, for links and cookies)',
      !value.AUTH_SECRET &&
        'AUTH_SECRET: required in production (32+ random characters, for example from `openssl rand -base64 32`); a secret kept in the database would let anyone who can read it forge a session cookie',
    ].filter(Boolean)
    if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`)
  }
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    baseUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    publicUrlSet: value.PUBLIC_URL !== undefined,
    databaseUrl: value.DATABASE_URL,
    dataDir: path.resolve(value.DATA_DIR),
    authSecret: value.AUTH_SECRET,
    adminEmail: value.ADMIN_EMAIL.toLowerCase(),
    adminPassword: value.ADMIN_PASSWORD,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    trustedProxies: value.TRUSTED_PROXIES,
    signInRateLimit: value.SIGN_IN_RATE_LIMIT,
    geocoderUrl: value.GEOCODER_URL,
    s3: value.S3_URL ? (parseS3Url(value.S3_URL, value.S3_REGION) ?? undefined) : undefined,
    mapTilesUrl: value.MAP_TILES_URL,
    logLevel: value.LOG_LEVEL,
    demo: value.DEMO,
    staleCheckMinutes: value.STALE_CHECK_MINUTES,
    statementTimeoutMs: value.STATEMENT_TIMEOUT_MS,
  }
}
