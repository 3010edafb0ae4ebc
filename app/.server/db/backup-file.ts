import fs from 'node:fs'
import zlib from 'node:zlib'
import type { Row } from './tables'

/**
 * A logical backup: gzip'd JSON lines — a header (format, schema migrations, time), one line per
 * row, and an end line with each table's row count, so a truncated file is recognised. Read in one
 * repeatable-read transaction, so it is consistent while the shop runs. The file holds personal
 * data and password hashes: it is written owner-only (0600). Sessions and reset links are left
 * out (CREDENTIAL_TABLES in backup.ts). This file reads and checks that format.
 */
export const FORMAT = 'koi-shop-backup'
export const VERSION = 1

export type Header = { format: string; version: number; createdAt: string; migrations: string[] }
/** A checked backup file: its header and each table's row count (the rows stay in the file). */
export type Backup = Header & { file: string; counts: Record<string, number> }
export class BackupError extends Error {}

/**
 * A backup's lines, read as the file is decompressed: a restore never holds the whole file (its
 * photos alone may be larger than the longest string Node can make, about 512 MB).
 */
async function* backupLines(file: string): AsyncGenerator<string> {
	const gunzip = zlib.createGunzip()
	const source = fs.createReadStream(file)
	source.on('error', (error) => gunzip.destroy(error))
	source.pipe(gunzip)
	gunzip.setEncoding('utf8')
	// A line may span many chunks (a catalogue version is one line of megabytes): kept in pieces.
	let pieces: string[] = []
	try {
		for await (const chunk of gunzip as AsyncIterable<string>) {
			let start = 0
			for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
				pieces.push(chunk.slice(start, nl))
				const line = pieces.join('')
				pieces = []
				if (line) yield line
				start = nl + 1
			}
			if (start < chunk.length) pieces.push(chunk.slice(start))
		}
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'ENOENT') throw new BackupError(`No such file: ${file}`)
		throw new BackupError(
			code === 'Z_BUF_ERROR'
				? `${file} is truncated (the compressed data ends early); it cannot be restored.`
				: `${file} is not a shop backup (it is not a gzip file).`,
		)
	} finally {
		source.destroy()
	}
	const last = pieces.join('')
	if (last) yield last
}

const parseLine = (line: string | undefined) => {
	try {
		return JSON.parse(line ?? '')
	} catch {
		return undefined
	}
}

/**
 * Checks a whole backup without keeping its rows: the header, every row readable and each table's
 * count matching the end line (so a truncated or damaged file is refused before anything changes).
 */
export async function readBackup(file: string): Promise<Backup> {
	let header: Header | undefined
	let end: { end?: true; counts?: Record<string, number> } | undefined
	let unreadable = false
	const seen = new Map<string, number>()
	for await (const line of backupLines(file)) {
		// A line that does not parse is damage, unless it is the last: then the file was cut short.
		if (unreadable) throw new BackupError(`${file} is damaged (an unreadable row).`)
		const entry = parseLine(line)
		if (!header) {
			header = entry as Header | undefined
			if (header?.format !== FORMAT) throw new BackupError(`${file} is not a shop backup.`)
			if (header.version !== VERSION)
				throw new BackupError(`${file} is a backup format this version of the shop cannot read.`)
		} else if (entry?.end) {
			end = entry
		} else if (end || (entry && (!entry.table || !entry.row))) {
			throw new BackupError(`${file} is damaged (an unreadable row).`)
		} else if (!entry) {
			unreadable = true
		} else {
			seen.set(entry.table, (seen.get(entry.table) ?? 0) + 1)
		}
	}
	if (!header) throw new BackupError(`${file} is not a shop backup.`)
	const counts = end?.counts
	if (!counts)
		throw new BackupError(
			`${file} is truncated (its end marker is missing); it cannot be restored.`,
		)
	if ([...seen.keys()].some((table) => !(table in counts)))
		throw new BackupError(`${file} is damaged (an unreadable row).`)
	for (const [table, count] of Object.entries(counts))
		if ((seen.get(table) ?? 0) !== count)
			throw new BackupError(`${file} is damaged: ${table} has the wrong number of rows.`)
	return { ...header, file, counts }
}

/** The rows of a checked backup, in the file's order (parents before children). */
export async function* backupRows(
	file: string,
): AsyncGenerator<{ table: string; row: Row; size: number }> {
	let first = true
	for await (const line of backupLines(file)) {
		if (first) {
			first = false
			continue
		}
		const entry = parseLine(line)
		if (entry?.end) return
		if (!entry?.table || !entry.row)
			throw new BackupError(`${file} is damaged (an unreadable row).`)
		yield { table: entry.table, row: entry.row, size: line.length }
	}
}
