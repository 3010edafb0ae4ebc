import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'
import { DATA_DIR } from '../../playwright.config'

const OUTBOX = path.join(DATA_DIR, 'outbox')

/**
 * Where staff notifications go: the business details' email, the demo one as no e2e test saves
 * /admin/settings and the e2e servers set no BUSINESS_EMAIL.
 */
export const STAFF_EMAIL = 'hello@highlandkoiponds.co.uk'

/** .eml bodies are quoted-printable: soft line breaks and =XX escapes. */
function decode(text: string) {
	return text
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** Waits for the outbox worker to write an email to `to` whose text matches. */
export async function waitForEmail(to: string, match: RegExp = /./, outbox = OUTBOX) {
	let found: string | undefined
	await expect
		.poll(
			() => {
				if (!fs.existsSync(outbox)) return false
				for (const file of fs.readdirSync(outbox)) {
					const body = decode(fs.readFileSync(path.join(outbox, file), 'utf8'))
					if (body.includes(`To: ${to}`) && match.test(body)) {
						found = body
						return true
					}
				}
				return false
			},
			{ timeout: 15_000, message: `an email to ${to} matching ${match}` },
		)
		.toBe(true)
	return found!
}

/** How many emails to `to` whose text matches the outbox holds now. */
export function countEmails(to: string, match: RegExp, outbox = OUTBOX) {
	if (!fs.existsSync(outbox)) return 0
	return fs
		.readdirSync(outbox)
		.map((file) => decode(fs.readFileSync(path.join(outbox, file), 'utf8')))
		.filter((body) => body.includes(`To: ${to}`) && match.test(body)).length
}
