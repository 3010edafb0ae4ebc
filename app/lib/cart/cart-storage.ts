import { hasControlCharacters, isWellFormed } from '../text-checks'
import { type CartItem, MAX_LINES, MAX_QUANTITY_PER_LINE } from './cart'

// Read on every page as it hydrates, so it is checked by hand rather than with zod: zod would
// add 25 KB to every page's script for a dozen fields (issue 34 item 11). The rules are
// safeText's: well-formed, no control characters, within the length limits.
const TEXT_LIMITS = {
	id: [1, 20],
	name: [1, 300],
	originalName: [0, 300],
	price: [0, 30],
	imageUrl: [0, 500],
	productUrl: [0, 1000],
	code: [0, 100],
	category: [0, 50],
	selectedSize: [0, 100],
	selectedOption: [0, 100],
} as const satisfies Record<Exclude<keyof CartItem, 'quantity'>, readonly [number, number]>

/** One stored line with only the cart's own fields, or null when anything is wrong with it. */
function parseLine(entry: unknown): CartItem | null {
	if (typeof entry !== 'object' || entry === null) return null
	const record = entry as Record<string, unknown>
	const line: Record<string, string | number> = {}
	for (const [field, [min, max]] of Object.entries(TEXT_LIMITS)) {
		const value = record[field]
		if (typeof value !== 'string' || value.length < min || value.length > max) return null
		if (!isWellFormed(value) || hasControlCharacters(value)) return null
		line[field] = value
	}
	const { quantity } = record
	if (typeof quantity !== 'number' || !Number.isInteger(quantity)) return null
	if (quantity < 1 || quantity > MAX_QUANTITY_PER_LINE) return null
	line.quantity = quantity
	return line as CartItem
}

/** Reads the stored cart; anything corrupt or foreign is dropped, never thrown. */
export function parseStoredCart(raw: string | null): CartItem[] {
	if (!raw) return []
	let value: unknown
	try {
		value = JSON.parse(raw)
	} catch {
		return []
	}
	if (!Array.isArray(value)) return []
	const lines: CartItem[] = []
	for (const entry of value.slice(0, MAX_LINES)) {
		const line = parseLine(entry)
		if (line) lines.push(line)
	}
	return lines
}
