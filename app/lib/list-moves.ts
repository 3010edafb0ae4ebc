/** A list editor's move buttons: up, down, or to the top (a product's main photo). */
export type MoveKind = 'up' | 'down' | 'main'

/**
 * The button keyboard focus follows to after a move (the portfolio's and the products' photo
 * lists): the same button on the moved item, or, at the end it reached (where that button is now
 * disabled and would drop focus to the page), the one going back the other way.
 */
export function buttonAfterMove(kind: MoveKind, to: number, count: number): 'up' | 'down' {
	if (kind === 'main' || (kind === 'up' && to === 0)) return count > 1 ? 'down' : 'up'
	if (kind === 'down' && to === count - 1) return 'up'
	return kind
}
