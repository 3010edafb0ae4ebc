import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'

/** Spec 9: how long a just-updated row stays highlighted. */
export const UPDATED_HIGHLIGHT_MS = 2000

/** The row the admin just changed (passed in navigation state when the modal closes). */
export function useJustUpdated() {
	const location = useLocation()
	const updated = (location.state as { updated?: string } | null)?.updated
	// Set after hydrating: a reload keeps history state, which the server never sees.
	const [highlighted, setHighlighted] = useState<string | undefined>()
	// biome-ignore lint/correctness/useExhaustiveDependencies: a second update of the same row highlights again
	useEffect(() => {
		setHighlighted(updated)
		if (!updated) return
		const timer = setTimeout(() => setHighlighted(undefined), UPDATED_HIGHLIGHT_MS)
		return () => clearTimeout(timer)
	}, [updated, location.key])
	return highlighted
}
