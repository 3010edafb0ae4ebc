/**
 * Where a visit came from and on what kind of device, from the request alone: the referring
 * site's host (never its path), the UTM campaign tags, and a device class. Nothing here is kept
 * except what these functions return.
 */
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i
const MOBILE = /Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini|BlackBerry/i

export type Device = 'desktop' | 'mobile' | 'tablet'

export function deviceClass(userAgent: string): Device {
	if (TABLET.test(userAgent)) return 'tablet'
	if (MOBILE.test(userAgent)) return 'mobile'
	return 'desktop'
}

/** The referring host, lower case without 'www.'; '' when absent, invalid or our own site. */
export function referrerHost(referrer: string | undefined, siteHost: string) {
	if (!referrer) return ''
	try {
		const url = new URL(referrer)
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
		const host = url.hostname.toLowerCase().replace(/^www\./, '')
		return host === siteHost.replace(/^www\./, '') ? '' : host.slice(0, 100)
	} catch {
		return ''
	}
}

export type Utm = { utmSource: string; utmMedium: string; utmCampaign: string }

const TAG = /^[\w .+-]{1,60}$/

/** The three UTM tags of a query string; a tag that is not a plain short word is dropped. */
export function utmTags(search: string): Utm {
	const params = new URLSearchParams(search)
	const tag = (name: string) => {
		const value = (params.get(name) ?? '').trim().toLowerCase()
		return TAG.test(value) ? value : ''
	}
	return {
		utmSource: tag('utm_source'),
		utmMedium: tag('utm_medium'),
		utmCampaign: tag('utm_campaign'),
	}
}
