import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After moving to another page in the browser, focus starts at the new page's heading when the
 * old page took it away (the link or button that had it is gone: focus fell to <body>), so a
 * keyboard or screen-reader user carries on from the top of the page they arrived at, as after a
 * full page load. Whatever took focus on purpose (a dialog, an error summary) keeps it.
 */
export function useFocusOnNavigation() {
	const { pathname } = useLocation()
	const previous = useRef(pathname)
	useEffect(() => {
		if (previous.current === pathname) return
		previous.current = pathname
		const active = document.activeElement
		if (active && active !== document.body) return
		const heading = document.querySelector<HTMLElement>('#main h1')
		if (!heading) return
		// Focusable by script only: not a stop when tabbing.
		heading.tabIndex = -1
		heading.focus({ preventScroll: true })
	}, [pathname])
}
