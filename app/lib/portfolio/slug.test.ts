import { describe, expect, it } from 'vitest'
import { slugFrom, uniqueSlug } from './slug'

describe('project slugs', () => {
	it('makes a readable address from the name', () => {
		expect(slugFrom('Koi Pond in Nairn')).toBe('koi-pond-in-nairn')
		expect(slugFrom('  Café Courtyard — Pond & Rill!  ')).toBe('cafe-courtyard-pond-and-rill')
		expect(slugFrom("Explorer's Garden Pond, Nairn")).toBe('explorers-garden-pond-nairn')
		expect(slugFrom('Smith’s Koi Pond')).toBe('smiths-koi-pond')
		expect(slugFrom('池')).toBe('project')
		expect(slugFrom('a'.repeat(80))).toHaveLength(60)
	})
	it('adds -2, -3 … when the address is taken', () => {
		expect(uniqueSlug('Pond', new Set())).toBe('pond')
		expect(uniqueSlug('Pond', new Set(['pond']))).toBe('pond-2')
		expect(uniqueSlug('Pond', new Set(['pond', 'pond-2']))).toBe('pond-3')
	})
})
