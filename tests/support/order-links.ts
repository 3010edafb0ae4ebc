import fs from 'node:fs'
import path from 'node:path'
import type { TestApp } from './app'

/** .eml bodies are quoted-printable: soft line breaks and =XX escapes. */
export const decodeQuotedPrintable = (text: string) =>
	text
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))

/** Sends what is queued, then every email written to `to` (decoded), oldest first. */
export async function emailsTo(app: TestApp, to: string) {
	await app.runtime.outbox.runOnce()
	if (!fs.existsSync(app.outboxDir)) return []
	return fs
		.readdirSync(app.outboxDir)
		.sort()
		.map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(app.outboxDir, file), 'utf8')))
		.filter((eml) => eml.includes(`\nTo: ${to}\n`) || eml.startsWith(`To: ${to}\n`))
}

const LINK = /https?:\/\/[^/\s"]+(\/account\/orders\/KP-[A-Z0-9]{6}\?key=[A-Za-z0-9_-]{43})/g

/** Every private order link in an email (the path and key, without the origin). */
export const orderLinksIn = (eml: string) => [...eml.matchAll(LINK)].map((m) => m[1]!)
