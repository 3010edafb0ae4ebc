import { data, redirect } from 'react-router'
import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAccess, requireAction } from '~/.server/auth/guards'
import {
	discardUpload,
	findUpload,
	listVersions,
	publishUpload,
	restoreVersion,
	stageUpload,
} from '~/.server/catalog/uploads'
import { mediaType, readForm } from '~/.server/http/read-body'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { CataloguePreview } from '~/components/admin/catalogue-preview'
import { CatalogueUploadForm } from '~/components/admin/catalogue-upload-form'
import { CatalogueVersions } from '~/components/admin/catalogue-versions'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { CatalogueActionSchema } from '~/lib/catalog/upload-schema'
import { parseForm } from '~/lib/forms'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.catalogue'
import { readUploadedFile } from './admin.catalogue.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Catalogue', to: '/admin/catalogue' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Catalogue · Admin',
		description: 'Upload, publish and restore the product catalogue.',
		noindex: true,
	})

const DONE = {
	published: 'The new catalogue is published. Shop pages show it within a few seconds.',
	restored: 'The earlier catalogue is restored. Shop pages show it within a few seconds.',
	unchanged: 'That file is the catalogue already live: nothing changed.',
	discarded: 'The upload was discarded. Nothing changed.',
} as const

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/catalogue')
	const url = new URL(request.url)
	const uploadId = url.searchParams.get('upload') ?? ''
	const done = url.searchParams.get('done') ?? ''
	const [products, versions, upload, requestsWaiting] = await Promise.all([
		context.catalog.everything(),
		listVersions(context.db),
		/^[0-9a-f]{32}$/.test(uploadId) ? findUpload(context.db, uploadId) : undefined,
		waitingRequests(context.db),
	])
	return {
		role: viewer.role,
		requestsWaiting,
		productCount: products.length,
		versions,
		upload: upload
			? { id: upload.id, fileName: upload.fileName, preview: upload.preview }
			: undefined,
		uploadExpired: Boolean(uploadId) && !upload,
		message: done in DONE ? DONE[done as keyof typeof DONE] : undefined,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/catalogue')
	if (mediaType(request) === 'multipart/form-data') {
		const file = await readUploadedFile(request)
		if (!file.ok)
			return data({ error: `${file.error} Nothing has changed.` }, { status: file.status })
		const staged = await stageUpload(context.db, { ...file, uploadedBy: admin.email })
		if (!staged.ok) return data({ error: `${staged.error} Nothing has changed.` }, { status: 400 })
		context.logger.info({ adminId: admin.id, upload: staged.id }, 'catalogue upload checked')
		return redirect(`/admin/catalogue?upload=${staged.id}`)
	}
	const submission = parseForm(CatalogueActionSchema, await readForm(request))
	if (!submission.ok) return data({ error: submission.formError }, { status: 400 })
	const form = submission.data
	if (form.intent === 'discard') {
		await discardUpload(context.db, form.upload)
		return redirect('/admin/catalogue?done=discarded')
	}
	const report =
		form.intent === 'publish'
			? await publishUpload(context.db, form.upload, admin.email)
			: await restoreVersion(context.db, form.version, admin.email)
	if (!report) {
		const error =
			form.intent === 'publish'
				? 'This upload has expired or was already published. Please upload the file again.'
				: 'That version is no longer kept.'
		return data({ error }, { status: 404 })
	}
	if (report.status === 'refused') return data({ error: report.error }, { status: 400 })
	if (report.status !== 'unchanged')
		await recordAudit(context.db, {
			...auditWho(admin, context.clientIp),
			kind: 'catalogue.publish',
			subject: form.intent === 'publish' ? 'Uploaded catalogue file' : `Version ${form.version}`,
			detail: form.intent === 'publish' ? 'published' : 'restored',
		})
	// Shoppers keep the old version until the new one is ready; this answer waits for it.
	await context.catalog.recheck()
	context.logger.info(
		{ adminId: admin.id, intent: form.intent, status: report.status },
		'catalogue published',
	)
	const done =
		report.status === 'unchanged'
			? 'unchanged'
			: form.intent === 'publish'
				? 'published'
				: 'restored'
	return redirect(`/admin/catalogue?done=${done}`)
}

export default function AdminCatalogue({ loaderData, actionData }: Route.ComponentProps) {
	const { productCount, versions, upload, uploadExpired, message } = loaderData
	return (
		<>
			<PageHeader title="Catalogue" intro="Upload a new product list, check it, then publish it." />
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				{message ? (
					<p
						role="status"
						className="mb-6 rounded-lg bg-green-50 px-4 py-3 font-medium text-green-900"
					>
						{message}
					</p>
				) : null}
				{actionData?.error ? (
					<p role="alert" className="mb-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
						{actionData.error}
					</p>
				) : null}
				{uploadExpired && !actionData?.error ? (
					<p role="alert" className="mb-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
						This upload has expired or was already published. Please upload the file again.
					</p>
				) : null}
				<section aria-labelledby="live" className="mb-10">
					<h2 id="live" className="font-display text-2xl font-bold text-pond-900">
						Live catalogue
					</h2>
					<p className="mt-2 text-slate-700">
						{productCount.toLocaleString('en-GB')} products.{' '}
						<a
							href="/admin/catalogue.csv"
							className="font-semibold text-pond-800 underline"
							download
						>
							Download the catalogue as CSV
						</a>{' '}
						to edit it in a spreadsheet and upload it again.
					</p>
				</section>
				{upload ? <CataloguePreview upload={upload} /> : <CatalogueUploadForm />}
				<CatalogueVersions versions={versions} />
			</div>
		</>
	)
}
