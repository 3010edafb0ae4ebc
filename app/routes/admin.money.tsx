import { Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { moneyPage } from '~/.server/books/report'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { Notice } from '~/components/admin/notices'
import { BooksSettingsForm } from '~/components/books/books-settings-form'
import { DocumentList } from '~/components/books/document-list'
import { MoneyChart } from '~/components/books/money-chart'
import { MoneyBreakdown, MoneyFigures } from '~/components/books/money-figures'
import { PeriodPicker } from '~/components/books/period-picker'
import { VatReturnPanel } from '~/components/books/vat-return-panel'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { EXPORT_FORMATS, FORMAT_LABELS } from '~/lib/books/export-layouts'
import { documentsBehind } from '~/lib/books/money-report'
import { periodQuery } from '~/lib/books/periods'
import { formatDate } from '~/lib/dates'
import { londonDate } from '~/lib/london-time'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.money'
import { moneyAction } from './admin.money.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Money', to: '/admin/money' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Money · Admin',
		description: 'Sales, refunds and VAT for a period, the VAT return figures and the exports.',
		noindex: true,
	})

/** GET /admin/money?period=…: the money report and VAT return figures of a period (issue 61). */
export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/money')
	const params = new URL(request.url).searchParams
	const [page, requestsWaiting] = await Promise.all([
		moneyPage(context.db, params, {
			today: londonDate(new Date()),
			envVatNumber: context.env.VAT_NUMBER,
		}),
		waitingRequests(context.db),
	])
	const query = periodQuery(page.choice.period, page.choice.quarterStartMonth)
	const behind = documentsBehind(page.report, params.get('show'))
	const shown = behind ? new Set(behind.documents) : null
	return {
		role: viewer.role,
		...page,
		query,
		behind: behind?.label ?? null,
		documents: shown ? page.documents.filter((d) => shown.has(d.number)) : page.documents,
		requestsWaiting,
	}
}

export async function action(args: Route.ActionArgs) {
	return moneyAction(args)
}

export default function AdminMoney({ loaderData, actionData }: Route.ComponentProps) {
	const { choice, report, query } = loaderData
	const { period } = choice
	return (
		<>
			<PageHeader
				title="Money"
				intro="Sales, refunds and VAT from the invoices and credit notes the shop issued, by their tax point; the VAT return's sales figures; and the files your accountant imports."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				{!choice.ok ? (
					<Notice kind="refused">
						{choice.message} Showing {period.label} instead.
					</Notice>
				) : null}
				{actionData ? (
					<Notice kind={actionData.ok ? 'done' : 'refused'}>{actionData.message}</Notice>
				) : null}
				<p className="mb-4">
					<Link to="/admin/money/payouts" className="font-semibold text-pond-700 underline">
						Payouts to the bank, matched to orders and fees
					</Link>
				</p>
				<PeriodPicker period={period} quarterStartMonth={choice.quarterStartMonth} />
				<h2 className="font-display text-2xl font-bold text-pond-900" data-testid="money-period">
					{period.label}
				</h2>
				<p className="mb-4 text-slate-700">
					{formatDate(`${period.from}T12:00:00Z`)} to {formatDate(`${period.to}T12:00:00Z`)} (UK
					dates). Amounts include VAT unless they say otherwise.
				</p>
				<MoneyFigures report={report} query={query} />
				<MoneyChart buckets={report.chart} />
				<div className="mb-8 grid gap-6 lg:grid-cols-2">
					<MoneyBreakdown
						title="By payment method"
						rows={report.byMethod}
						kind="method"
						query={query}
					/>
					<MoneyBreakdown
						title="By product category"
						rows={report.byCategory}
						kind="category"
						query={query}
					/>
					<MoneyBreakdown
						title="Pond builds and shop orders"
						rows={report.bySource}
						kind="source"
						query={query}
					/>
				</div>
				<VatReturnPanel
					vat={loaderData.vat}
					closed={loaderData.closed}
					canClose={loaderData.canClose}
					overlapsClosed={loaderData.overlapsClosed}
				/>
				<section className="mb-8" aria-labelledby="exports">
					<h2 id="exports" className="font-display text-2xl font-bold text-pond-900">
						Exports for your accountant
					</h2>
					<p className="mt-1 text-sm text-slate-700">
						Every document of the period, a row per line (the ledger: a row per document). Amounts
						include VAT: choose "tax inclusive" when importing.
					</p>
					<ul className="mt-2 flex flex-wrap gap-4">
						{EXPORT_FORMATS.map((format) => (
							<li key={format}>
								<a
									href={`/admin/money/export.csv?format=${format}&${query}`}
									className="font-semibold text-pond-700 underline"
									download
								>
									{FORMAT_LABELS[format]} CSV
								</a>
							</li>
						))}
						<li>
							<a
								href={`/admin/money/documents.zip?${query}`}
								className="font-semibold text-pond-700 underline"
								download
							>
								Every document as PDFs (ZIP)
							</a>
						</li>
					</ul>
				</section>
				<DocumentList
					documents={loaderData.documents}
					heading={
						loaderData.behind
							? `Documents behind: ${loaderData.behind}`
							: 'Documents in this period'
					}
					allHref={loaderData.behind ? `?${query}#documents` : null}
				/>
				<BooksSettingsForm
					settings={loaderData.settings}
					fieldErrors={actionData?.intent === 'settings' ? actionData.fieldErrors : undefined}
					values={actionData?.intent === 'settings' ? actionData.values : undefined}
				/>
			</div>
		</>
	)
}
