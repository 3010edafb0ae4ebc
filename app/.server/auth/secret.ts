import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The session-signing secret: AUTH_SECRET when set (required for several instances), otherwise
 * one generated on first start and kept in DATA_DIR, so `npm start` needs no setup.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string) {
	if (configured) return configured
	const file = path.resolve(dataDir, 'auth-secret')
	if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
	const secret = crypto.randomBytes(32).toString('base64url')
	fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
	fs.writeFileSync(file, secret, { mode: 0o600 })
	return secret
}
