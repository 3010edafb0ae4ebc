import { describe, expect, it } from 'vitest'
import type { OrderRow } from '~/.server/db/schema'
import { shippedEmail } from './order-status-emails'

/** The fields the shipped email reads; the rest of an order row plays no part. */
const shipped = (carrier: string | null, trackingReference: string | null) =>
	shippedEmail({
		id: 'KP-20261202-0001',
		carrier,
		trackingReference,
		deliveryInfo: { email: 'isla@example.co.uk', postcode: 'IV2 3XY' },
	} as OrderRow)[0]!

describe('the shipped email’s tracking reference (issue 62 item 8)', () => {
	it('links the reference to the carrier’s tracking page, as the order page does', () => {
		const email = shipped('Royal Mail Tracked 24', 'AB 1234 5678 GB')
		expect(email.html).toContain(
			'Tracking reference: <a href="https://www.royalmail.com/track-your-item#/tracking-results/AB12345678GB" style="color:#a04a14">AB 1234 5678 GB</a>',
		)
		expect(email.html).toContain('Carrier: Royal Mail.')
		expect(email.text).toContain(
			'Tracking reference: AB 1234 5678 GB (opens the carrier’s tracking page). (https://www.royalmail.com/track-your-item#/tracking-results/AB12345678GB)',
		)
	})

	it('names a pallet network’s site to quote the reference on', () => {
		const email = shipped('Palletways', 'PW-998877')
		expect(email.html).toContain(
			'Tracking reference: PW-998877. Quote it on the <a href="https://www.palletways.com/"',
		)
	})

	it('shows an unknown carrier’s reference as plain text, and our own van by name', () => {
		const unknown = shipped('Bob’s Couriers', 'X-1')
		expect(unknown.html).toContain('Carrier: Bob’s Couriers. Tracking reference: X-1.')
		expect(unknown.html).not.toContain('<a href="https://')
		expect(shipped('our van', null).text).toContain('Carrier: Our own van.')
		expect(shipped(null, null).text).not.toContain('Tracking reference')
	})
})
