import type { SiteImageName } from '~/lib/images'

export type Testimonial = {
	id: string
	content: string
	author: string
	/** Out of 5; half stars are allowed. */
	rating: number
	avatar: SiteImageName
}

export const HOME_TESTIMONIALS: readonly Testimonial[] = [
	{
		id: 'fraser',
		content:
			'They dug out our old liner pond and built a proper koi pond with a bottom drain and a drum filter. The water has been gin-clear since the first summer, and the fish have never looked better.',
		author: 'Alasdair Fraser, Nairn',
		rating: 5,
		avatar: 'avatar-1',
	},
	{
		id: 'patel',
		content:
			'Ordered a pump and UV clarifier on a Monday, got a call the same afternoon to confirm delivery to Leeds, and everything arrived on the Thursday. Honest advice on sizing, too — they talked me out of an oversized pump.',
		author: 'Priya Patel, Leeds',
		rating: 5,
		avatar: 'avatar-2',
	},
	{
		id: 'mackenzie',
		content:
			'Our raised stone pond is the centrepiece of the garden now. The team were tidy, turned up when they said they would, and explained every step from the blockwork to the planting shelves.',
		author: 'Morag Mackenzie, Inverness',
		rating: 5,
		avatar: 'avatar-3',
	},
]
