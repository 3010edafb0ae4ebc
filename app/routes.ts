import { index, type RouteConfig, route } from '@react-router/dev/routes'

// Mirrors the spec's route table (SPEC.md section 2), plus the machine-readable files.
export default [
	index('routes/home.tsx'),
	route('about', 'routes/about.tsx'),
	route('services', 'routes/services.tsx'),
	route('portfolio', 'routes/portfolio._index.tsx'),
	route('portfolio/:projectId', 'routes/portfolio.$projectId.tsx'),
	route('pond-products', 'routes/pond-products._index.tsx', { id: 'pond-products' }),
	route('pond-products/:category', 'routes/pond-products.$category.tsx'),
	route('pond-products/:category/:productId', 'routes/pond-products.$category.$productId.tsx'),
	route('cart', 'routes/cart.tsx'),
	route('cart/check', 'routes/cart.check.ts'),
	route('checkout-auth', 'routes/checkout-auth.tsx'),
	route('checkout', 'routes/checkout.tsx'),
	route('order-confirmation', 'routes/order-confirmation.tsx'),
	route('contact', 'routes/contact.tsx'),
	route('auth', 'routes/auth.tsx'),
	route('auth/reset-password', 'routes/auth.reset-password.tsx'),
	route('auth/my-data', 'routes/auth.my-data.ts'),
	route('admin', 'routes/admin.tsx'),
	route('privacy-policy', 'routes/privacy-policy.tsx'),
	route('terms-and-conditions', 'routes/terms-and-conditions.tsx'),
	route('api/placeOrder', 'routes/api.placeOrder.ts'),
	route('robots.txt', 'routes/robots[.]txt.ts'),
	route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
