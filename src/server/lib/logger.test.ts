import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from './logger'

/** A logger whose lines land in an array. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { logger: createLogger('info', false, destination), lines }
}

describe('the logger', () => {
  it("logs a lost database connection's error without the client the driver hangs on it", () => {
    const { logger, lines } = capturedLogger()
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { user: 'recovery', host: 'db.internal', database: 'recovery_desk' } },
    })
    logger.error({ err: error }, 'Database connection lost')
    const logged = lines[0]?.err as Record<string, unknown>
    expect(logged).toMatchObject({ message: 'terminating connection due to administrator command', code: '57P01' })
    expect(logged).not.toHaveProperty('client')
    expect(JSON.stringify(lines[0])).not.toContain('db.internal')
  })

  it('redacts secrets by key', () => {
    const { logger, lines } = capturedLogger()
    logger.info({ user: { password: 'hunter2' }, token: 'abc' }, 'signed in')
    expect(JSON.stringify(lines[0])).not.toMatch(/hunter2|abc/)
  })
})
