import { encode } from 'uqr'
import type { Db } from '~/.server/db/client'
import type { Logger } from '~/.server/logger'
import { describeDevice, lastActiveText } from '~/lib/second-factor'
import type { Auth } from './auth'
import { recordSecurityEvent, type SecurityEventSink } from './security-events'
import { endOtherSessions, endSession, listSessions } from './session-activity'
import { sessionCacheFor } from './session-cache'

type Ctx = { auth: Auth; db: Db; logger: Logger; securityEvents?: SecurityEventSink }

export type Device = { id: string; device: string; lastActive: string; current: boolean }

/** A person's signed-in devices in plain words, the one this request came from first. */
export async function listDevices(
	db: Db,
	person: { id: string; sessionId: string },
	now = new Date(),
): Promise<Device[]> {
	const rows = await listSessions(db, person.id)
	return rows
		.map((row) => ({
			id: row.id,
			device: describeDevice(row.userAgent),
			lastActive: lastActiveText(row.updatedAt, now),
			current: row.id === person.sessionId,
		}))
		.sort((a, b) => Number(b.current) - Number(a.current))
}

/**
 * 'Sign out' beside a device. The session row goes, so every instance refuses it on its next
 * request (guards.ts reads the row on a cache hit); this instance's cache drops it too.
 */
export async function signOutDevice(ctx: Ctx, person: { id: string }, sessionId: string) {
	const ended = await endSession(ctx.db, person.id, sessionId)
	if (ended) {
		sessionCacheFor(ctx.auth).forget({ userId: person.id })
		await recordSecurityEvent(ctx, {
			kind: 'session-ended',
			userId: person.id,
			sessionId,
			by: 'self',
		})
	}
	return ended
}

export async function signOutEverywhereElse(ctx: Ctx, person: { id: string; sessionId: string }) {
	const count = await endOtherSessions(ctx.db, person.id, person.sessionId)
	sessionCacheFor(ctx.auth).forget({ userId: person.id })
	await recordSecurityEvent(ctx, { kind: 'other-sessions-ended', userId: person.id, count })
	return count
}

/** A QR code as one SVG path (drawn by the page: no image service, nothing inline to run). */
export function qrPath(text: string) {
	const { data, size } = encode(text, { border: 2 })
	let path = ''
	data.forEach((row, y) => {
		row.forEach((dark, x) => {
			if (dark) path += `M${x} ${y}h1v1h-1z`
		})
	})
	return { path, size }
}
