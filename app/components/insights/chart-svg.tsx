/**
 * The accessible SVG every insights chart draws in: named by its title and described in words
 * (each chart also has a data table for screen readers), scaling to the card's width.
 */
export function ChartSvg({
	id,
	width,
	height,
	title,
	description,
	children,
}: {
	id: string
	width: number
	height: number
	title: string
	description: string
	children: React.ReactNode
}) {
	return (
		<svg
			viewBox={`0 0 ${width} ${height}`}
			role="img"
			aria-labelledby={`${id}-t ${id}-d`}
			className="mx-auto mt-2 block h-auto w-full max-w-3xl"
		>
			<title id={`${id}-t`}>{title}</title>
			<desc id={`${id}-d`}>{description}</desc>
			{children}
		</svg>
	)
}
