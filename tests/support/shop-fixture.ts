import fs from 'node:fs'
import { importCatalog } from '~/.server/catalog/import'
import type { Db } from '~/.server/db/client'
import {
	emailOutbox,
	ORDER_STATUSES,
	orderEvents,
	orders,
	photoChunks,
	photos,
	user,
} from '~/.server/db/schema'
import { tableBatches, tablesInOrder } from '~/.server/db/tables'
import { seedContent } from '~/.server/portfolio/seed'

/** A shop with customers, an order in every status with its events, queued and sent emails. */
export async function fillShop(db: Db) {
	await importCatalog(db, fs.readFileSync('catalog/products.csv'))
	// The portfolio and testimonials (jsonb photo lists, serial ids): backups and moves carry them.
	await seedContent(db)
	await db.insert(user).values(
		[1, 2, 3].map((n) => ({
			id: `user-${n}`,
			name: `Customer ${n}`,
			email: `customer${n}@example.co.uk`,
			firstName: 'Ann',
			lastName: `O'Brien ${n}`,
			postcode: 'IV1 1AA',
		})),
	)
	for (const [i, status] of ORDER_STATUSES.entries()) {
		const id = `KOI-${1000 + i}`
		await db.insert(orders).values({
			id,
			status,
			userId: `user-${(i % 3) + 1}`,
			deliveryInfo: {
				firstName: 'Ann',
				lastName: 'Ó Briain',
				email: 'ann@example.co.uk',
				phone: '01632 960000',
				address1: '1 "Quoted" Road',
				address2: '',
				city: 'Inverness',
				postcode: 'IV1 1AA',
				notes: 'Leave by the koi pond\nthanks',
			},
			cartItems: [
				{
					id: '0',
					name: 'Filter',
					originalName: 'Filter',
					code: 'OA-1',
					price: '£12.99',
					unitPricePence: 1299,
					quantity: i + 1,
					selectedSize: '',
					selectedOption: '',
					supplierUrl: '',
					imageUrl: '/images/x.jpg',
				},
			],
			subtotalPence: 1299 * (i + 1),
			deliveryCostPence: i > 0 ? 500 : null,
			totalCostPence: i > 0 ? 1299 * (i + 1) + 500 : null,
		})
		await db.insert(orderEvents).values([
			{ orderId: id, actor: 'customer', toStatus: 'pending' },
			{ orderId: id, actor: 'system', fromStatus: 'pending', toStatus: status, note: 'moved' },
		])
	}
	await db.insert(emailOutbox).values([
		{ to: 'a@example.co.uk', subject: 'Queued', text: 't', html: '<p>t</p>', kind: 'order-placed' },
		{
			to: 'b@example.co.uk',
			subject: 'Sent',
			text: 't',
			html: '<p>t</p>',
			kind: 'welcome',
			status: 'sent',
			sentAt: new Date(),
			headers: { 'X-Test': 'yes' },
		},
	])
	// An uploaded photo (issue 32): its original is bytes in the database, every byte value in it.
	const bytes = Buffer.from(Array.from({ length: 1024 }, (_, i) => i % 256))
	await db.insert(photos).values({
		id: 'ab'.repeat(16),
		contentType: 'image/jpeg',
		width: 32,
		height: 32,
		byteSize: bytes.length,
		alt: 'A koi pond at dusk',
		uploadedBy: 'admin@example.co.uk',
	})
	await db.insert(photoChunks).values({ photoId: 'ab'.repeat(16), seq: 0, bytes })
}

/** Every row of every table, in a stable order, for before/after comparisons. */
export async function snapshot(db: Db) {
	const out: Record<string, string[]> = {}
	await db.transaction(async (tx) => {
		for (const table of await tablesInOrder(tx)) {
			const lines: string[] = []
			for await (const batch of tableBatches(tx, table))
				lines.push(...batch.map((row) => JSON.stringify(row)))
			out[table] = lines.sort()
		}
	})
	return out
}
