import pino from 'pino'

export type Logger = pino.Logger

/** JSON logs; pretty in a terminal during development. Secrets are redacted by key. */
export function createLogger(level: string, pretty: boolean): Logger {
  return pino({
    level,
    redact: {
      paths: ['password', '*.password', 'newPassword', '*.newPassword', 'token', '*.token', 'secret'],
      censor: '[redacted]',
    },
    transport: pretty ? { target: 'pino-pretty', options: { colorize: true } } : undefined,
  })
}
