import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { data, Link, redirect } from 'react-router'
import { takeQuota } from '~/.server/auth/attempt-limiter'
import { currentBusinessDetails } from '~/.server/business/details'
import { submitEnquiry } from '~/.server/enquiries/enquiries'
import { readForm } from '~/.server/http/read-body'
import { EnquiryForm } from '~/components/contact/enquiry-form'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { BUSINESS, phoneHref } from '~/lib/business'
import { mailtoHref } from '~/lib/email-address'
import { EnquirySchema } from '~/lib/enquiry-schema'
import { parseForm } from '~/lib/forms'
import { businessNameFrom, pageMeta } from '~/lib/seo'
import type { Route } from './+types/contact'

export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Contact', to: '/contact' }) }

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Contact Us',
		description: `Call, email or visit ${businessNameFrom(args.matches)} about a pond build or pond equipment. We reply within 24 hours.`,
	})

/** 'Ask for a price' links here with ?product=<code>: the form is prefilled with it. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const params = new URL(request.url).searchParams
	const product = params.get('product') ?? ''
	const sent = params.get('sent') ?? ''
	return {
		product: /^[\w.-]{1,40}$/.test(product) ? product : '',
		sent: /^EN-[2-9A-HJKMNP-Z]{6}$/.test(sent) ? sent : '',
		business: await currentBusinessDetails(context.db),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = parseForm(EnquirySchema, await readForm(request))
	if (!form.ok) return data({ fieldErrors: form.fieldErrors, error: '' }, { status: 400 })
	// A bot filled the hidden field: answer as if it worked, store and send nothing.
	if (form.data.website) return redirect('/contact?sent=EN-222222')
	const allowed = await takeQuota(context.db, 'enquiry', form.data.email, context.clientIp)
	if (!allowed)
		return data(
			{
				fieldErrors: {},
				error: 'Too many enquiries from here. Please try again later, or call us.',
			},
			{ status: 429 },
		)
	const id = await submitEnquiry(context.db, { siteUrl: context.env.SITE_URL }, form.data)
	context.logger.info({ enquiryId: id }, 'enquiry received')
	return redirect(`/contact?sent=${id}#enquiry`)
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
	const { business } = loaderData
	return (
		<>
			<PageHeader
				title="Contact Us"
				intro="Planning a pond, or not sure which pump or filter you need? Get in touch — we are happy to help."
			/>
			<div className="container-page py-16">
				{loaderData.product && !loaderData.sent ? (
					<p className="mb-8 rounded-2xl bg-amber-50 p-5 text-lg text-amber-900">
						Asking for a price? Send the form below (product code{' '}
						<strong>{loaderData.product}</strong> is filled in for you), or call us quoting it: we
						usually reply with a price within a working day.
					</p>
				) : null}
				<ul className="grid gap-6 md:grid-cols-3">
					<ContactCard icon={Phone} title="Phone">
						<a
							href={phoneHref(business.phone)}
							className="text-lg font-semibold text-pond-700 hover:underline"
						>
							{business.phone}
						</a>
					</ContactCard>
					<ContactCard icon={Mail} title="Email">
						<a
							href={mailtoHref(business.email)}
							className="break-all text-lg font-semibold text-pond-700 hover:underline"
						>
							{business.email}
						</a>
					</ContactCard>
					<ContactCard icon={MapPin} title="Location">
						<p className="text-lg font-semibold text-slate-800">{business.address.join(', ')}</p>
						<p className="mt-1 text-slate-600">
							Building ponds and delivering equipment across the UK.
						</p>
					</ContactCard>
				</ul>
				<div className="mt-10 flex items-start gap-3 rounded-2xl bg-pond-50 p-6">
					<Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-pond-700" />
					<p className="text-lg text-slate-700">
						We are available <strong>{business.hours}</strong>, and we respond to every message{' '}
						<strong>{BUSINESS.replyTime}</strong>.
					</p>
				</div>
				<p className="mt-10 rounded-2xl bg-white p-6 text-lg text-slate-800 shadow-md ring-1 ring-slate-200">
					Planning a new pond or a renovation?{' '}
					<Link to="/plan-a-pond" className="font-semibold text-pond-700 underline">
						Plan a pond
					</Link>{' '}
					with us: tell us about the site, send a few photos and book a free site survey online.
				</p>
				<EnquiryForm
					product={loaderData.product}
					sent={loaderData.sent}
					fieldErrors={actionData?.fieldErrors}
					error={actionData?.error}
				/>
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
