import { describe, expect, it } from 'vitest'
import { readyLine } from './ready-line'

describe('the start-up line', () => {
	it('says where the shop is, where the embedded database lives and how to make an admin', () => {
		expect(
			readyLine(
				{ SITE_URL: 'http://localhost:3000', DATA_DIR: './data', DATABASE_URL: undefined },
				false,
			),
		).toBe(
			'Shop ready at http://localhost:3000 (embedded database in ./data; admin: npm run admin:create -- --email you@example.com)',
		)
	})

	it('names PostgreSQL and drops the admin hint once there is a staff account', () => {
		expect(
			readyLine(
				{ SITE_URL: 'https://shop.example', DATA_DIR: 'data', DATABASE_URL: 'postgres://x@h/db' },
				true,
			),
		).toBe('Shop ready at https://shop.example (PostgreSQL database)')
		expect(
			readyLine(
				{ SITE_URL: 'http://localhost:3000', DATA_DIR: 'store/', DATABASE_URL: undefined },
				true,
			),
		).toBe('Shop ready at http://localhost:3000 (embedded database in ./store)')
	})
})
