import { BUSINESS } from '~/lib/business'
import { siteImageUrl } from '~/lib/images'

/** schema.org LocalBusiness for the home page. */
export function localBusinessJsonLd(siteUrl: string) {
	return {
		'@context': 'https://schema.org',
		'@type': 'HomeAndConstructionBusiness',
		name: BUSINESS.name,
		url: siteUrl,
		image: `${siteUrl}${siteImageUrl('social', 1200, 'jpg')}`,
		telephone: BUSINESS.phone,
		email: BUSINESS.email,
		address: {
			'@type': 'PostalAddress',
			addressLocality: BUSINESS.locality,
			addressRegion: BUSINESS.region,
			postalCode: BUSINESS.postcode,
			addressCountry: BUSINESS.country,
		},
		areaServed: { '@type': 'Country', name: 'United Kingdom' },
		openingHoursSpecification: {
			'@type': 'OpeningHoursSpecification',
			dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
			opens: '09:00',
			closes: '17:00',
		},
		sameAs: [BUSINESS.social.url],
	}
}
