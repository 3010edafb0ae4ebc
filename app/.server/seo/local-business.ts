import { BUSINESS } from '~/lib/business'
import type { BusinessDetails } from '~/lib/business-details'
import { siteImageUrl } from '~/lib/images'

/** schema.org LocalBusiness for the home page. */
export function localBusinessJsonLd(siteUrl: string, business: BusinessDetails) {
	const postcode = business.address.at(-1) ?? ''
	const locality = business.address.at(-2) ?? ''
	return {
		'@context': 'https://schema.org',
		'@type': 'HomeAndConstructionBusiness',
		name: business.tradingName,
		...(business.legalName ? { legalName: business.legalName } : {}),
		url: siteUrl,
		image: `${siteUrl}${siteImageUrl('social', 1200, 'jpg')}`,
		telephone: business.phone,
		email: business.email,
		address: {
			'@type': 'PostalAddress',
			streetAddress: business.address.slice(0, -2).join(', '),
			addressLocality: locality,
			postalCode: postcode,
			addressCountry: BUSINESS.country,
		},
		areaServed: { '@type': 'Country', name: 'United Kingdom' },
		openingHoursSpecification: {
			'@type': 'OpeningHoursSpecification',
			dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
			opens: '09:00',
			closes: '17:00',
		},
		...(business.vatNumber ? { vatID: business.vatNumber } : {}),
		sameAs: business.facebookUrl ? [business.facebookUrl] : [],
	}
}
