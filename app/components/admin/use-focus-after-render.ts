import { useEffect, useRef } from 'react'

/**
 * Focuses an element by id once the next render is on screen. A list editor's move re-renders
 * the rows (and disables the button at an end), so keyboard focus must be put where the moved
 * item is now, or it drops to the page (the portfolio's and the products' photo lists).
 */
export function useFocusAfterRender() {
	const next = useRef<string | null>(null)
	useEffect(() => {
		if (!next.current) return
		document.getElementById(next.current)?.focus()
		next.current = null
	})
	return (id: string) => {
		next.current = id
	}
}
