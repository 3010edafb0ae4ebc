import { Form, useNavigation } from 'react-router'
import { formatDateTime } from '~/lib/dates'

type Version = {
	id: number
	productCount: number
	publishedBy: string
	publishedAt: Date | string
	/** What an editor's save changed ('edited: OA-1 Oase …'); null for a published file. */
	summary: string | null
	live: boolean
	/** An older version with the live file: restoring it would change nothing. */
	sameAsLive: boolean
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
								{v.sameAsLive ? <span className="ml-2 text-slate-600">(same as live)</span> : null}
								{v.summary ? (
									<span className="block text-sm text-slate-600">{sentence(v.summary)}</span>
								) : null}
							</span>
							{v.live || v.sameAsLive ? null : (
								<Form method="post">
									<input type="hidden" name="version" value={v.id} />
									<button
										type="submit"
										name="intent"
										value="restore"
										className="btn-secondary"
										disabled={busy}
										aria-label={`Restore version ${v.id}, published ${formatDateTime(v.publishedAt)}`}
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

/** 'edited: OA-1 Oase …' as 'Edited: OA-1 Oase …'. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
