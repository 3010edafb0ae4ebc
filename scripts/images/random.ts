/** Seeded PRNG (mulberry32): the same seed always paints the same picture. */
export function rng(seed: number) {
	let a = seed >>> 0
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0
		let t = a
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	return {
		next,
		range: (min: number, max: number) => min + next() * (max - min),
		int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
		pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
		chance: (probability: number) => next() < probability,
	}
}
export type Rng = ReturnType<typeof rng>
