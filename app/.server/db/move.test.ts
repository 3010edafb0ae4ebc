import crypto from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillShop, snapshot } from '../../../tests/support/shop-fixture'
import { type Database, openDatabase } from './client'
import { MoveError, moveToPostgres } from './move'

// This machine's PostgreSQL (the one the suite uses with DATABASE_URL), with a throwaway database.
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `koi_move_${crypto.randomBytes(6).toString('hex')}`
const target = Object.assign(new URL(server), { pathname: `/${name}` }).toString()
const admin = async (query: string) => {
	const client = new pg.Client({ connectionString: server })
	await client.connect()
	try {
		await client.query(query)
	} finally {
		await client.end()
	}
}
const reachable = await admin('select 1').then(
	() => true,
	() => false,
)

let source: Database
beforeAll(async () => {
	source = await openDatabase({})
	await fillShop(source.db)
	if (reachable) await admin(`create database ${name}`)
})
afterAll(async () => {
	await source?.close()
	if (reachable) await admin(`drop database if exists ${name} with (force)`)
})

describe.skipIf(!reachable)('moving an embedded shop to PostgreSQL', () => {
	it('copies every row into an empty database and checks counts and totals', async () => {
		const report = await moveToPostgres(source.db, target)
		const orders = report.find((r) => r.table === 'orders')
		expect(orders?.totals.rows).toBe('7')
		expect(orders?.totals['sum:subtotal_pence']).toBe(String(1299 * 28))
		expect(report.find((r) => r.table === 'portfolio_projects')?.totals.rows).toBe('6')
		expect(report.find((r) => r.table === 'testimonials')?.totals.rows).toBe('3')
		// Uploaded photos' originals move with the shop (issue 32).
		expect(report.find((r) => r.table === 'photos')?.totals.rows).toBe('1')
		const moved = await openDatabase({ url: target, poolSize: 1 })
		try {
			expect(await snapshot(moved.db)).toEqual(await snapshot(source.db))
		} finally {
			await moved.close()
		}
	})

	it('refuses a database that is not empty, changing nothing', async () => {
		await expect(moveToPostgres(source.db, target)).rejects.toThrow(MoveError)
		await expect(moveToPostgres(source.db, target)).rejects.toThrow(/not empty/)
	})
})
