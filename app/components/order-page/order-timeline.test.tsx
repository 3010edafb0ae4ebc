import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CustomerTimeline } from './order-timeline'

describe('the customer’s order history (issue 62 item 8)', () => {
	it('shows each entry’s UK time as well as its date', () => {
		const html = renderToStaticMarkup(
			<CustomerTimeline
				entries={[
					// 09:05 UTC in December is 09:05 GMT; 13:40 UTC in July is 14:40 BST.
					{ at: '2026-12-02T09:05:00.000Z', title: 'Order requested', detail: null },
					{ at: '2026-07-01T13:40:00.000Z', title: 'Quoted and payment link sent', detail: null },
				]}
			/>,
		)
		expect(html).toContain('<time dateTime="2026-12-02T09:05:00.000Z">2 Dec 2026, 09:05</time>')
		expect(html).toContain('<time dateTime="2026-07-01T13:40:00.000Z">1 Jul 2026, 14:40</time>')
	})
})
