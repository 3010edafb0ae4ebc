import { describe, expect, it } from 'vitest'
import { applyPhotoIntent, parsePhotoIntent, photoListFrom, withPhotoList } from './photo-list'

const list = {
	photos: [
		{ src: '/a.jpg', alt: 'A' },
		{ src: '/b.jpg', alt: 'B' },
		{ src: '/c.jpg', alt: 'C' },
	],
	thumbnail: 1,
}
const srcs = (l: typeof list) => l.photos.map((p) => p.src)

describe('the editor photo list', () => {
	it('moves a photo and the thumbnail follows it', () => {
		const up = applyPhotoIntent(list, { kind: 'up', index: 1 })
		expect(srcs(up)).toEqual(['/b.jpg', '/a.jpg', '/c.jpg'])
		expect(up.thumbnail).toBe(0)
		const down = applyPhotoIntent(list, { kind: 'down', index: 0 })
		expect(srcs(down)).toEqual(['/b.jpg', '/a.jpg', '/c.jpg'])
		expect(down.thumbnail).toBe(0)
		expect(applyPhotoIntent(list, { kind: 'up', index: 0 })).toBe(list)
		expect(applyPhotoIntent(list, { kind: 'down', index: 2 })).toBe(list)
	})
	it('removes a photo, keeping the thumbnail on its photo or the first', () => {
		const before = applyPhotoIntent(list, { kind: 'remove', index: 0 })
		expect(srcs(before)).toEqual(['/b.jpg', '/c.jpg'])
		expect(before.thumbnail).toBe(0)
		expect(applyPhotoIntent(list, { kind: 'remove', index: 1 }).thumbnail).toBe(0)
		expect(applyPhotoIntent(list, { kind: 'remove', index: 2 }).thumbnail).toBe(1)
	})
	it('reads intents strictly and round-trips form values', () => {
		expect(parsePhotoIntent('up:3')).toEqual({ kind: 'up', index: 3 })
		expect(parsePhotoIntent('add')).toEqual({ kind: 'add' })
		expect(parsePhotoIntent('up:-1')).toBeUndefined()
		expect(parsePhotoIntent('drop table')).toBeUndefined()
		const values = withPhotoList({ name: 'Pond', 'photos.9.src': '/old.jpg' }, list)
		expect(values['photos.9.src']).toBeUndefined()
		expect(photoListFrom(values)).toEqual(list)
	})
})
