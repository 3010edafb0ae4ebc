import crypto from 'node:crypto'
import pg from 'pg'
import { type Database, openDatabase } from '~/.server/db/client'

export type TestDatabase = Database & { url?: string; cleanup(): Promise<void> }

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by DATABASE_URL (dropped afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
	const serverUrl = process.env.DATABASE_URL
	if (!serverUrl) {
		const database = await openDatabase({})
		return { ...database, cleanup: () => database.close() }
	}
	const name = `koi_test_${crypto.randomBytes(6).toString('hex')}`
	const admin = new pg.Client({ connectionString: serverUrl })
	await admin.connect()
	await admin.query(`create database ${name}`)
	await admin.end()
	const url = new URL(serverUrl)
	url.pathname = `/${name}`
	const database = await openDatabase({ url: url.toString(), poolSize: 5 })
	return {
		...database,
		url: url.toString(),
		async cleanup() {
			await database.close()
			const dropper = new pg.Client({ connectionString: serverUrl })
			await dropper.connect()
			await dropper.query(`drop database if exists ${name} with (force)`)
			await dropper.end()
		},
	}
}
