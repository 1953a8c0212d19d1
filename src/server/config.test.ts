import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://desk.example.com' }

describe('configuration', () => {
  it('refuses to start in production without AUTH_SECRET from the environment, saying why', () => {
    expect(() => loadConfig(production, [])).toThrow(ConfigError)
    expect(() => loadConfig(production, [])).toThrow(/AUTH_SECRET: required in production/)
    expect(() => loadConfig({ ...production, AUTH_SECRET: '' }, [])).toThrow(/AUTH_SECRET: required in production/)
    const config = loadConfig({ ...production, AUTH_SECRET: 'x'.repeat(32) }, [])
    expect(config.authSecret).toBe('x'.repeat(32))
  })

  it('still generates the secret outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }, []).authSecret).toBeUndefined()
  })

  it('knows whether PUBLIC_URL was given', () => {
    expect(loadConfig({}, []).publicUrlSet).toBe(false)
    expect(loadConfig({ PUBLIC_URL: 'http://desk.local:3000' }, []).publicUrlSet).toBe(true)
  })

  it('reads SIGN_IN_RATE_LIMIT as MAX/SECONDS', () => {
    expect(loadConfig({ SIGN_IN_RATE_LIMIT: '1000/60' }, []).signInRateLimit).toEqual({ max: 1000, window: 60 })
    expect(() => loadConfig({ SIGN_IN_RATE_LIMIT: '5' }, [])).toThrow(/MAX\/SECONDS/)
  })

  it('reads STALE_CHECK_MINUTES (default 15, 0 turns the stale-case check off)', () => {
    expect(loadConfig({}, []).staleCheckMinutes).toBe(15)
    expect(loadConfig({ STALE_CHECK_MINUTES: '0' }, []).staleCheckMinutes).toBe(0)
    expect(loadConfig({ STALE_CHECK_MINUTES: '5' }, []).staleCheckMinutes).toBe(5)
    expect(() => loadConfig({ STALE_CHECK_MINUTES: 'often' }, [])).toThrow(/STALE_CHECK_MINUTES/)
  })

  it('reads STATEMENT_TIMEOUT_MS (default 5 seconds; a statement always has a limit)', () => {
    expect(loadConfig({}, []).statementTimeoutMs).toBe(5_000)
    expect(loadConfig({ STATEMENT_TIMEOUT_MS: '250' }, []).statementTimeoutMs).toBe(250)
    expect(() => loadConfig({ STATEMENT_TIMEOUT_MS: '0' }, [])).toThrow(/STATEMENT_TIMEOUT_MS/)
    expect(() => loadConfig({ STATEMENT_TIMEOUT_MS: 'soon' }, [])).toThrow(/STATEMENT_TIMEOUT_MS/)
  })

  it('reads MAP_TILES_URL as an XYZ tile template, refusing one without {z}, {x} and {y}', () => {
    expect(loadConfig({}, []).mapTilesUrl).toBeUndefined()
    const tiles = 'https://tiles.example.com/{z}/{x}/{y}.png'
    expect(loadConfig({ MAP_TILES_URL: tiles }, []).mapTilesUrl).toBe(tiles)
    for (const bad of [
      'https://tiles.example.com/{z}/{x}.png',
      'ftp://tiles.example.com/{z}/{x}/{y}',
      'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      'tiles',
    ])
      expect(() => loadConfig({ MAP_TILES_URL: bad }, [])).toThrow(
        /MAP_TILES_URL: must be an http\(s\) XYZ raster tile URL template containing \{z\}, \{x\} and \{y\}/,
      )
  })
})
