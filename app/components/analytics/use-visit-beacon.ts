import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { sendVisitBeacon } from '~/lib/analytics/beacon'

// Pages that are never counted, so no beacon is sent for them. The server decides what is counted
// (app/lib/analytics/pages.ts); this only saves sending what it would refuse, without loading the
// list with every page's first script.
const PRIVATE = /^\/(admin|account|auth|checkout|order-|pay|api)/

/**
 * Counts client-side navigations (decision 0020): the server counted the page the visitor
 * arrived on, so only later pathname changes send a beacon.
 */
export function useVisitBeacon() {
	const { pathname } = useLocation()
	const first = useRef(pathname)
	useEffect(() => {
		if (first.current === pathname) return
		first.current = ''
		if (!PRIVATE.test(pathname)) sendVisitBeacon({ type: 'view', path: pathname })
	}, [pathname])
}
