import pino from 'pino'

export type Logger = pino.Logger

type ErrorLike = Error & {
	code?: unknown
	cause?: unknown
	query?: unknown
	params?: unknown
	table?: unknown
	constraint?: unknown
	status?: unknown
}

/** A database error (Drizzle's wrapper, or PostgreSQL's or PGlite's own) carries the query parameters. */
function isDatabaseError(error: ErrorLike) {
	return (
		'params' in error || 'query' in error || (typeof error.code === 'string' && 'severity' in error)
	)
}

/**
 * What the logs keep of an error. A database error is logged by its SQLSTATE code and the names of
 * the table and constraint only: its message, detail and stack repeat the query parameters (a
 * customer's name, address, phone, email). Other errors keep their message and stack.
 */
export function serializeError(value: unknown): Record<string, unknown> {
	if (!(value instanceof Error)) return { type: typeof value }
	const error = value as ErrorLike
	const cause = error.cause instanceof Error ? (error.cause as ErrorLike) : undefined
	if (isDatabaseError(error) || (cause && isDatabaseError(cause))) {
		const source = cause && isDatabaseError(cause) ? cause : error
		return {
			type: error.name,
			code: typeof source.code === 'string' ? source.code : undefined,
			table: typeof source.table === 'string' ? source.table : undefined,
			constraint: typeof source.constraint === 'string' ? source.constraint : undefined,
		}
	}
	return {
		type: error.name,
		code: typeof error.code === 'string' ? error.code : undefined,
		status: typeof error.status === 'number' ? error.status : undefined,
		message: error.message,
		stack: error.stack,
		cause: cause ? serializeError(cause) : undefined,
	}
}

/**
 * The path as logs show it. A payment link's token is a bearer credential (whoever holds it can
 * pay, and sees the order): the log names the route instead.
 */
export function logPath(path: string) {
	return path
		.replace(/^\/pay\/[^/]*/, '/pay/:token')
		.replace(/^\/auth\/invite\/[^/]*/, '/auth/invite/:token')
}

/**
 * Structured JSON logs. Redaction is a safety net: call sites log ids and kinds, never emails,
 * passwords, tokens, addresses or raw query strings.
 */
export function createLogger(level: string = 'info', destination?: pino.DestinationStream): Logger {
	return pino(
		{
			level,
			base: undefined,
			serializers: { err: serializeError, error: serializeError },
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
		},
		destination,
	)
}

/**
 * Writes a plain line into the log's own stream, for the person watching a start: pino writes
 * asynchronously, so console.log would overtake the JSON lines logged before it.
 */
export function printPlain(logger: Logger, line: string) {
	const stream = (logger as unknown as Record<symbol, { write(text: string): void } | undefined>)[
		pino.symbols.streamSym
	]
	if (stream) stream.write(`${line}\n`)
	else console.log(line)
}

/**
 * A step's progress as a plain line ('Database: applying migrations (3 of 28)…', 'Images: 120 of
 * 378'), as the build's lines before it and 'Shop ready' after it (issue 62 item 8): JSON in
 * between read as a fault. Information, so LOG_LEVEL=warn (and the tests' silent logger) skips it.
 */
export function printProgress(logger: Logger, line: string) {
	if (logger.isLevelEnabled('info')) printPlain(logger, line)
}
