/**
 * The accessible SVG every insights chart draws in: named by its title and described in words
 * (each chart also has a data table for screen readers). It stretches to fill its box
 * (preserveAspectRatio none, strokes that keep their width), and holds no text: text in an SVG
 * shrinks with its viewBox (about 6 px on a phone, issue 62), so labels are HTML beside it.
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
			preserveAspectRatio="none"
			role="img"
			aria-labelledby={`${id}-t ${id}-d`}
			className="absolute inset-0 block h-full w-full overflow-visible"
		>
			<title id={`${id}-t`}>{title}</title>
			<desc id={`${id}-d`}>{description}</desc>
			{children}
		</svg>
	)
}
