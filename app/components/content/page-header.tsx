/** The single h1 of a content page, with an optional intro line. */
export function PageHeader({ title, intro }: { title: string; intro?: React.ReactNode }) {
	return (
		<div className="bg-pond-900 py-12 text-white sm:py-16">
			<div className="container-page">
				<h1 className="font-display text-4xl font-bold sm:text-5xl">{title}</h1>
				{intro ? <p className="mt-4 max-w-3xl text-lg text-white/90">{intro}</p> : null}
			</div>
		</div>
	)
}
