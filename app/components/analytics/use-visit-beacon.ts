import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { sendVisitBeacon } from '~/lib/analytics/beacon'
import { countedPage } from '~/lib/analytics/pages'

/**
 * Counts client-side navigations (decision 0020): the server counted the page the visitor
 * arrived on, so only later pathname changes to a counted page send a beacon.
 */
export function useVisitBeacon() {
	const { pathname } = useLocation()
	const first = useRef(pathname)
	useEffect(() => {
		if (first.current === pathname) return
		first.current = ''
		if (countedPage(pathname)) sendVisitBeacon({ type: 'view', path: pathname })
	}, [pathname])
}
