import type { KnownIds } from './get-requests'

/** Every page that has a form, visited as each role (the harness collects the forms it finds). */
export const formPages = (ids: KnownIds) => {
	const { orderId } = ids
	return [
		'/',
		'/contact',
		'/cart',
		'/checkout',
		'/checkout-auth',
		'/auth',
		'/auth?mode=register',
		'/auth?mode=reset',
		'/auth/reset-password?token=fuzz',
		'/auth/second-factor',
		'/account/security',
		`/order-confirmation?order=${orderId}`,
		// The order page: the owner's view; anyone else's 404 carries the 'email me a link' form.
		`/account/orders/${orderId}`,
		'/account/orders/new-link',
		`/pond-products/filters/${ids.productId}`,
		`/pay/${ids.token}`,
		`/pay/${ids.token}/reminders`,
		'/admin',
		`/admin/orders/${orderId}`,
		'/admin/delivery',
		'/admin/enquiries',
		`/admin/enquiries/${ids.enquiryId}`,
		'/admin/requests',
		`/admin/requests/${ids.requestId}`,
		'/admin/catalogue',
		'/admin/products',
		'/admin/products/new',
		`/admin/products/${ids.productId}`,
		'/admin/settings',
		'/admin/portfolio',
		'/admin/portfolio/new',
		`/admin/portfolio/${ids.projectId}`,
		'/admin/testimonials',
		'/admin/testimonials?edit=1',
		'/admin/jobs',
		'/admin/account',
		'/admin/insights',
		'/admin/money',
		'/admin/money?period=custom&from=2026-01-01&to=2026-01-31',
		'/privacy-policy',
	]
}
