import pino from 'pino'

export type Logger = pino.Logger

/**
 * An error as logged: pino's standard fields, without the database client the pg driver hangs on
 * a connection's error (its parameters, buffers and queues: noise, and who connects where).
 */
function serializeError(error: Error) {
  const { client: _client, ...fields } = pino.stdSerializers.err(error) as ReturnType<
    typeof pino.stdSerializers.err
  > & {
    client?: unknown
  }
  return fields
}

/** JSON logs; pretty in a terminal during development. Secrets are redacted by key. */
export function createLogger(level: string, pretty: boolean, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['password', '*.password', 'newPassword', '*.newPassword', 'token', '*.token', 'secret'],
      censor: '[redacted]',
    },
    serializers: { err: serializeError },
    transport: pretty ? { target: 'pino-pretty', options: { colorize: true } } : undefined,
  }
  return destination ? pino(options, destination) : pino(options)
}
