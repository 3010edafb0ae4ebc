import type { ProductSpec } from '~/lib/catalog/product'

/**
 * The owner's description (HTML made on the server from a safe subset of Markdown:
 * app/.server/catalog/product-description.ts) and the specifications as a table. Nothing is shown
 * for a product that has neither.
 */
export function ProductDetails({
	descriptionHtml,
	specifications,
}: {
	descriptionHtml: string
	specifications: ProductSpec[]
}) {
	if (!descriptionHtml && specifications.length === 0) return null
	return (
		<section aria-labelledby="product-details" className="mt-12 max-w-3xl">
			<h2 id="product-details" className="font-display text-2xl font-bold text-pond-900">
				About this product
			</h2>
			{descriptionHtml ? (
				<div
					data-testid="product-description"
					className="mt-4 space-y-4 text-slate-700 [&_a]:font-semibold [&_a]:text-pond-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-pond-200 [&_blockquote]:pl-4 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-pond-900 [&_h4]:font-semibold [&_h4]:text-pond-900 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
					// Safe: rendered on the server from Markdown with raw HTML switched off.
					dangerouslySetInnerHTML={{ __html: descriptionHtml }}
				/>
			) : null}
			{specifications.length > 0 ? (
				<table className="mt-6 w-full border-collapse text-left text-slate-700">
					<caption className="mb-2 text-left font-semibold text-pond-900">Specifications</caption>
					<tbody>
						{specifications.map((spec) => (
							<tr key={spec.name} className="border-t border-slate-200">
								<th scope="row" className="w-2/5 py-2 pr-4 align-top font-medium text-slate-900">
									{spec.name}
								</th>
								<td className="py-2 align-top">{spec.value}</td>
							</tr>
						))}
					</tbody>
				</table>
			) : null}
		</section>
	)
}
