/** The ten backup codes, shown once: to print or download and keep somewhere safe. */
export function BackupCodes({ codes, business }: { codes: string[]; business: string }) {
	const text = `${business}: backup codes for two-step sign-in\nEach code works once.\n\n${codes.join('\n')}\n`
	return (
		<section
			aria-labelledby="backup-codes"
			className="space-y-4 rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200"
		>
			<h2 id="backup-codes" className="font-display text-xl font-bold text-pond-900">
				Your backup codes
			</h2>
			<p className="text-slate-800">
				If you lose your phone, each of these codes signs you in once instead of a code from the
				app. This is the only time they are shown: print them or save them somewhere safe now.
			</p>
			<ul
				className="grid grid-cols-2 gap-2 font-mono text-lg sm:grid-cols-5"
				aria-label="Backup codes"
			>
				{codes.map((code) => (
					<li key={code} className="rounded bg-white px-2 py-1 text-center ring-1 ring-slate-200">
						{code}
					</li>
				))}
			</ul>
			<div className="flex flex-wrap gap-3">
				<a
					className="btn-primary"
					download="backup-codes.txt"
					href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
				>
					Download the codes
				</a>
				<button type="button" className="btn-secondary" onClick={() => window.print()}>
					Print
				</button>
			</div>
		</section>
	)
}
