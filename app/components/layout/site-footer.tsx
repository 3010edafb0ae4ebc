import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { BRAND } from '~/lib/business-brand'
import type { BusinessDetails } from '~/lib/business-details'

const QUICK_LINKS = [
	{ to: '/', label: 'Home' },
	{ to: '/services', label: 'Services' },
	{ to: '/pond-products', label: 'Products' },
	{ to: '/portfolio', label: 'Portfolio' },
	{ to: '/contact', label: 'Contact' },
] as const

const LEGAL_LINKS = [
	{ to: '/privacy-policy', label: 'Privacy Policy' },
	{ to: '/terms-and-conditions', label: 'Terms & Conditions' },
] as const

export function SiteFooter({
	business,
	categories,
	year,
	showCredit,
}: {
	/** The shop's categories customers see, in the owner's order (from the root loader). */
	categories: ReadonlyArray<{ slug: string; name: string }>
	/** From the root loader (tel: link made there); undefined on an error page it failed for. */
	business: (BusinessDetails & { phoneHref: string }) | undefined
	year: number
	showCredit: boolean
}) {
	const name = business?.tradingName ?? BRAND.name
	return (
		<footer className="below-fold bg-pond-950 text-slate-200">
			{/* On a phone the link lists sit two to a row: the footer stays within below-fold's 1,000 px guess. */}
			<div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-5">
				<section aria-labelledby="footer-about" className="col-span-2 md:col-span-1">
					<h2 id="footer-about" className="font-display text-lg font-semibold text-white">
						{name}
					</h2>
					<p className="mt-3 text-sm leading-relaxed text-slate-300">
						Custom ponds built and pond equipment delivered across the UK, from a family business
						that started in the north of Scotland over 30 years ago.
					</p>
					{business?.facebookUrl ? (
						<a
							href={business.facebookUrl}
							rel="noopener noreferrer"
							target="_blank"
							className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-white underline-offset-4 hover:underline"
						>
							<FacebookIcon />
							Follow us on {BRAND.social.label}
							<span className="sr-only">(opens in a new tab)</span>
						</a>
					) : null}
				</section>
				<section aria-labelledby="footer-contact" className="col-span-2 md:col-span-1">
					<h2 id="footer-contact" className="font-display text-lg font-semibold text-white">
						Contact
					</h2>
					<ul className="mt-3 space-y-2 text-sm">
						<li className="flex items-center gap-2">
							<Phone aria-hidden="true" className="size-4 shrink-0" />
							<a href={business?.phoneHref} className="hover:underline">
								{business?.phone}
							</a>
						</li>
						<li className="flex items-center gap-2">
							<Mail aria-hidden="true" className="size-4 shrink-0" />
							<a href={`mailto:${business?.email}`} className="break-all hover:underline">
								{business?.email}
							</a>
						</li>
						<li className="flex items-center gap-2">
							<MapPin aria-hidden="true" className="size-4 shrink-0" />
							{business?.address.join(', ')}
						</li>
						<li className="flex items-center gap-2">
							<Clock aria-hidden="true" className="size-4 shrink-0" />
							{business?.hours}
						</li>
					</ul>
				</section>
				<FooterLinks id="footer-quick" title="Quick Links" links={QUICK_LINKS} />
				{categories.length > 0 ? (
					<FooterLinks
						id="footer-shop"
						title="Shop"
						links={categories.map((c) => ({ to: `/pond-products/${c.slug}`, label: c.name }))}
					/>
				) : null}
				<FooterLinks id="footer-legal" title="Legal" links={LEGAL_LINKS} />
			</div>
			<div className="border-t border-white/10">
				<div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-sm text-slate-400 sm:flex-row sm:justify-between sm:px-6">
					<p>
						© {year} {name}. All rights reserved.
					</p>
					{showCredit ? (
						<p data-testid="designer-credit">
							Website designed by{' '}
							<a
								href={BRAND.designer.url}
								rel="noopener noreferrer"
								target="_blank"
								className="text-slate-200 underline underline-offset-4"
							>
								{BRAND.designer.name}
							</a>
						</p>
					) : null}
				</div>
			</div>
		</footer>
	)
}

function FooterLinks({
	id,
	title,
	links,
}: {
	id: string
	title: string
	links: ReadonlyArray<{ to: string; label: string }>
}) {
	return (
		<section aria-labelledby={id}>
			<h2 id={id} className="font-display text-lg font-semibold text-white">
				{title}
			</h2>
			<ul className="mt-3 space-y-2 text-sm">
				{links.map((link) => (
					<li key={link.to}>
						<Link to={link.to} className="hover:text-white hover:underline">
							{link.label}
						</Link>
					</li>
				))}
			</ul>
		</section>
	)
}

function FacebookIcon() {
	return (
		<svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
			<path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21h3.1z" />
		</svg>
	)
}
