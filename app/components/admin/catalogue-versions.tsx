import { Form, useNavigation } from 'react-router'
import { formatDateTime } from '~/lib/dates'

type Version = {
	id: number
	productCount: number
	publishedBy: string
	publishedAt: Date | string
	live: boolean
}

/** The kept catalogue files, newest first; any but the live one can be published again. */
export function CatalogueVersions({ versions }: { versions: Version[] }) {
	const busy = useNavigation().state !== 'idle'
	return (
		<section aria-labelledby="versions">
			<h2 id="versions" className="font-display text-2xl font-bold text-pond-900">
				Published versions
			</h2>
			{versions.length === 0 ? (
				<p className="mt-2 text-slate-700">No catalogue has been published here yet.</p>
			) : (
				<ul className="mt-2 divide-y divide-slate-200">
					{versions.map((v) => (
						<li key={v.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
							<span className="text-slate-800">
								{formatDateTime(v.publishedAt)} by {v.publishedBy}:{' '}
								{v.productCount.toLocaleString('en-GB')} products
								{v.live ? <strong className="ml-2 text-green-800">(live)</strong> : null}
							</span>
							{v.live ? null : (
								<Form method="post">
									<input type="hidden" name="version" value={v.id} />
									<button
										type="submit"
										name="intent"
										value="restore"
										className="btn-secondary"
										disabled={busy}
										aria-label={`Restore the version of ${formatDateTime(v.publishedAt)}`}
									>
										Restore
									</button>
								</Form>
							)}
						</li>
					))}
				</ul>
			)}
		</section>
	)
}
