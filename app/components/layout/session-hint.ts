import { useEffect, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { readSessionHint, type SessionHint } from '~/lib/session-hint'

const CHANGED = 'koi:session-hint'
const CONFIRMED_KEY = 'koi-session-confirmed'

function applyHint(hint: SessionHint) {
	const root = document.documentElement
	if ((root.dataset.session ?? '') === hint) return
	if (hint) root.dataset.session = hint
	else delete root.dataset.session
	window.dispatchEvent(new Event(CHANGED))
}

/**
 * Keeps `html[data-session]` in step with the hint cookie: after every navigation (a sign-in or
 * sign-out answer sets the cookie without a page load), and once a tab asks the server, which
 * also puts the cookie right if the session ended on its own (idle timeout, signed out elsewhere).
 */
export function useSessionHint() {
	const { key } = useLocation()
	// biome-ignore lint/correctness/useExhaustiveDependencies: re-read on every navigation (key)
	useEffect(() => {
		applyHint(readSessionHint(document.cookie))
	}, [key])

	useEffect(() => {
		const hint = readSessionHint(document.cookie)
		if (sessionStorage.getItem(CONFIRMED_KEY) === hint) return
		const controller = new AbortController()
		fetch('/auth/session', { signal: controller.signal, headers: { accept: 'application/json' } })
			.then((res) => (res.ok ? (res.json() as Promise<{ hint: SessionHint }>) : undefined))
			.then((answer) => {
				if (!answer) return
				applyHint(answer.hint)
				sessionStorage.setItem(CONFIRMED_KEY, answer.hint)
			})
			.catch(() => {})
		return () => controller.abort()
	}, [])
}

/** Whether the header shows a signed-in customer: false during server rendering and hydration. */
export function useSignedInHint() {
	return useSyncExternalStore(
		(onChange) => {
			window.addEventListener(CHANGED, onChange)
			return () => window.removeEventListener(CHANGED, onChange)
		},
		() => Boolean(document.documentElement.dataset.session),
		() => false,
	)
}
