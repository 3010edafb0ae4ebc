import { PageHeader } from './page-header'

/** Shared frame for the legal pages: heading, 'last updated' date and prose body. */
export function LegalPage({
	title,
	updated,
	children,
}: {
	title: string
	/** ISO date (YYYY-MM-DD); shown en-GB as '10 June 2025'. */
	updated: string
	children: React.ReactNode
}) {
	const shown = new Date(`${updated}T12:00:00Z`).toLocaleDateString('en-GB', {
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone: 'Europe/London',
	})
	return (
		<>
			<PageHeader title={title} />
			<div className="container-page py-12">
				<p className="text-sm text-slate-500">
					Last updated: <time dateTime={updated}>{shown}</time>
				</p>
				<div className="prose-page mt-6">{children}</div>
			</div>
		</>
	)
}
