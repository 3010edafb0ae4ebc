import fs from 'node:fs'
import path from 'node:path'

/**
 * DATA_DIR holds the embedded database (customers, password hashes, sessions), the auth secret,
 * the email outbox and backups: only the shop's own user may open it. Processes set
 * `process.umask(0o077)` (server.js, scripts/start.js, cli/*) so everything they create is
 * owner-only; this makes DATA_DIR 0700 when it creates it, refuses to go on when the directory
 * is open to others, and takes group and other permissions off anything an older version (or a
 * process without that umask, or PGlite: see ownerOnly) left inside.
 */
export const OWNER_ONLY_UMASK = 0o077

export class DataDirPermissionError extends Error {}

const openToOthers = (mode: number) => (mode & 0o077) !== 0
const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`

export function secureDataDir(dataDir: string) {
	const dir = path.resolve(dataDir)
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
	const stat = fs.statSync(dir)
	if (openToOthers(stat.mode))
		throw new DataDirPermissionError(
			`DATA_DIR ${dir} can be opened by other users (permissions ${octal(stat.mode)}), and it holds customers' details, password hashes and session tokens. Make it private with: chmod 700 ${dir}`,
		)
	ownerOnly(dir)
	return dir
}

/**
 * Takes group and other permissions off every file and directory under `dir` (not symlinks).
 * PGlite sets 0666 on the files it writes whatever the umask, so the database directory is
 * tightened after it is created and at every start; in between, the 0700 directories keep
 * everyone else out of files it adds.
 */
export function ownerOnly(dir: string) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		if (entry.isSymbolicLink()) continue
		const file = path.join(dir, entry.name)
		const mode = fs.lstatSync(file).mode
		if (openToOthers(mode)) fs.chmodSync(file, mode & 0o700)
		if (entry.isDirectory()) ownerOnly(file)
	}
}
