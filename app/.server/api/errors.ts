import type { OrderRow } from '~/.server/db/schema'
import { mediaType, readBodyBytes } from '~/.server/http/read-body'
import type { AdminResult } from '~/.server/orders/actions/admin-actions'

/** DESIGN contract: `{ error: { status, message } }` with the spec's status mapping (section 8). */
export const API_STATUS = {
	INVALID_ARGUMENT: 400,
	UNAUTHENTICATED: 401,
	PERMISSION_DENIED: 403,
	NOT_FOUND: 404,
	ABORTED: 409,
	RESOURCE_EXHAUSTED: 429,
	INTERNAL: 500,
	UNIMPLEMENTED: 501,
	UNAVAILABLE: 503,
	DEADLINE_EXCEEDED: 504,
} as const

export type ApiStatus = keyof typeof API_STATUS

export function apiError(status: ApiStatus, message: string, extra: Record<string, unknown> = {}) {
	return Response.json(
		{ error: { status, message, ...extra } },
		{ status: API_STATUS[status], headers: { 'Cache-Control': 'no-store' } },
	)
}

/** Reads a JSON body of at most `limit` bytes (counted while reading); anything else is a clear 4xx. */
export async function readJson(
	request: Request,
	limit = 256 * 1024,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
	// Exactly application/json (parameters such as charset allowed), not e.g. application/jsonx.
	if (mediaType(request) !== 'application/json') {
		return {
			ok: false,
			response: apiError(
				'INVALID_ARGUMENT',
				'Send the request body as JSON (Content-Type: application/json).',
			),
		}
	}
	const bytes = await readBodyBytes(request, limit)
	if (!bytes) {
		return {
			ok: false,
			response: Response.json(
				{ error: { status: 'INVALID_ARGUMENT', message: 'The request body is too large.' } },
				{ status: 413, headers: { 'Cache-Control': 'no-store' } },
			),
		}
	}
	try {
		const body = JSON.parse(new TextDecoder().decode(bytes)) as unknown
		// The spec wraps callable payloads as { data: … }; accept both.
		const payload =
			body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body
		return { ok: true, body: payload }
	} catch {
		return {
			ok: false,
			response: apiError('INVALID_ARGUMENT', 'The request body is not valid JSON.'),
		}
	}
}

/** Every /api/* callable is POST only (spec section 7): anything else is a 405 that says so. */
export function methodNotAllowed() {
	return Response.json(
		{ error: { status: 'INVALID_ARGUMENT', message: 'Use POST with a JSON body.' } },
		{ status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } },
	)
}

/** An admin action's result as an API answer, with the spec's status mapping for refusals. */
export function adminResultToApi(
	result: AdminResult,
	body: (order: OrderRow) => Record<string, unknown>,
) {
	if (!result.ok) return apiError(result.status, result.message)
	return Response.json({ data: body(result.order) }, { headers: { 'Cache-Control': 'no-store' } })
}
