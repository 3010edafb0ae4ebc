import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { BUSINESS } from '~/lib/business'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/contact'

export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Contact', to: '/contact' }) }

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Contact Us',
		description: `Call, email or visit ${BUSINESS.name} about a pond build or pond equipment. Open ${BUSINESS.hours}; we reply within 24 hours.`,
	})

/** 'Ask for a price' links here with ?product=<code>: show the code so it can be quoted. */
export function loader({ request }: Route.LoaderArgs) {
	const product = new URL(request.url).searchParams.get('product') ?? ''
	return { product: /^[\w.-]{1,40}$/.test(product) ? product : '' }
}

export default function Contact({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<PageHeader
				title="Contact Us"
				intro="Planning a pond, or not sure which pump or filter you need? Get in touch — we are happy to help."
			/>
			<div className="container-page py-16">
				{loaderData.product ? (
					<p role="status" className="mb-8 rounded-2xl bg-amber-50 p-5 text-lg text-amber-900">
						Asking for a price? Call or email us and quote product code{' '}
						<strong>{loaderData.product}</strong>: we usually reply with a price within a working
						day.
					</p>
				) : null}
				<ul className="grid gap-6 md:grid-cols-3">
					<ContactCard icon={Phone} title="Phone">
						<a
							href={BUSINESS.phoneHref}
							className="text-lg font-semibold text-pond-700 hover:underline"
						>
							{BUSINESS.phone}
						</a>
					</ContactCard>
					<ContactCard icon={Mail} title="Email">
						<a
							href={`mailto:${BUSINESS.email}`}
							className="break-all text-lg font-semibold text-pond-700 hover:underline"
						>
							{BUSINESS.email}
						</a>
					</ContactCard>
					<ContactCard icon={MapPin} title="Location">
						<p className="text-lg font-semibold text-slate-800">{BUSINESS.location}</p>
						<p className="mt-1 text-slate-600">
							Building ponds and delivering equipment across the UK.
						</p>
					</ContactCard>
				</ul>
				<div className="mt-10 flex items-start gap-3 rounded-2xl bg-pond-50 p-6">
					<Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-pond-700" />
					<p className="text-lg text-slate-700">
						We are available <strong>{BUSINESS.hours}</strong>, and we respond to every message{' '}
						<strong>{BUSINESS.replyTime}</strong>.
					</p>
				</div>
			</div>
		</>
	)
}

function ContactCard({
	icon: Icon,
	title,
	children,
}: {
	icon: typeof Phone
	title: string
	children: React.ReactNode
}) {
	return (
		<li className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
			<Icon aria-hidden="true" className="size-8 text-koi-600" />
			<h2 className="mt-3 text-xl font-semibold text-pond-900">{title}</h2>
			<div className="mt-2">{children}</div>
		</li>
	)
}
