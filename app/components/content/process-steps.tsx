export type ProcessStep = { title: string; body: string }

/** A numbered row of steps under a heading (the home page's "how a build goes"). */
export function ProcessSteps({ title, steps }: { title: string; steps: readonly ProcessStep[] }) {
	return (
		<section aria-labelledby="process-heading" className="below-fold bg-white py-16 sm:py-20">
			<div className="container-page">
				<h2
					id="process-heading"
					className="text-center font-display text-3xl font-bold text-pond-900 sm:text-4xl"
				>
					{title}
				</h2>
				<ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
					{steps.map((step, index) => (
						<li key={step.title} className="rounded-2xl border border-slate-200 p-6">
							<span className="flex size-10 items-center justify-center rounded-full bg-pond-700 text-lg font-bold text-white">
								{index + 1}
							</span>
							<h3 className="mt-4 text-xl font-semibold text-pond-900">{step.title}</h3>
							<p className="mt-2 leading-relaxed text-slate-600">{step.body}</p>
						</li>
					))}
				</ol>
			</div>
		</section>
	)
}
