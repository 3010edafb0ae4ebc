import pino from 'pino'

export type Logger = pino.Logger

/**
 * Structured JSON logs. Redaction is a safety net: call sites log ids and kinds, never emails,
 * passwords, tokens, addresses or raw query strings.
 */
export function createLogger(level: string = 'info'): Logger {
	return pino({
		level,
		base: undefined,
		redact: {
			paths: [
				'password',
				'*.password',
				'token',
				'*.token',
				'email',
				'*.email',
				'req.headers.cookie',
				'req.headers.authorization',
			],
			censor: '[redacted]',
		},
	})
}
