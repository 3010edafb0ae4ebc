import { describe, expect, it } from 'vitest'
import { applyPhotoOp, PhotoListSchema } from './photo-list'

describe('moving photos with buttons', () => {
	const list = ['a', 'b', 'c']
	it.each([
		[{ kind: 'up', index: 1 }, ['b', 'a', 'c']],
		[{ kind: 'down', index: 1 }, ['a', 'c', 'b']],
		[{ kind: 'main', index: 2 }, ['c', 'a', 'b']],
		[{ kind: 'remove', index: 0 }, ['b', 'c']],
		[{ kind: 'up', index: 0 }, ['a', 'b', 'c']],
		[{ kind: 'down', index: 2 }, ['a', 'b', 'c']],
		[{ kind: 'remove', index: 7 }, ['a', 'b', 'c']],
	] as const)('%o', (op, expected) => {
		expect(applyPhotoOp(list, op)).toEqual(expected)
	})
})

describe('the photo list form', () => {
	const fingerprint = 'f'.repeat(64)
	it('accepts site paths and https URLs with a move', () => {
		const parsed = PhotoListSchema.parse({
			fingerprint,
			photos: [
				{ url: '/photos/abc.jpg', alt: ' Pump ' },
				{ url: 'https://x.example/p.jpg', alt: '' },
			],
			op: 'main:1',
		})
		expect(parsed.photos[0]!.alt).toBe('Pump')
		expect(parsed.op).toEqual({ kind: 'main', index: 1 })
	})
	it.each([
		[{ photos: [] }, /at least one photo/],
		[{ photos: [{ url: 'javascript:alert(1)', alt: '' }] }, /not valid/],
		[{ photos: [{ url: '/a.jpg', alt: 'x' }], op: 'drop:1' }, /Unknown action/],
	])('refuses %o', (input, message) => {
		const result = PhotoListSchema.safeParse({ fingerprint, ...input })
		expect(result.success).toBe(false)
		expect(JSON.stringify(result.error?.issues)).toMatch(message)
	})
})
