import { Search } from 'lucide-react'
import { Form } from 'react-router'
import { MAX_SEARCH_LENGTH } from '~/lib/catalog/pagination'

/** A GET form: submitting sets ?search= and, by leaving page out, goes back to page 1. */
export function SearchBox({ action, search }: { action: string; search: string }) {
	return (
		<Form method="get" action={action} role="search" className="flex w-full max-w-xl gap-2">
			<label htmlFor="product-search" className="sr-only">
				Search products by name, code or brand
			</label>
			<input
				id="product-search"
				key={search}
				type="search"
				name="search"
				defaultValue={search}
				maxLength={MAX_SEARCH_LENGTH}
				placeholder="Name, code or brand"
				className="min-h-11 w-full rounded-lg border border-slate-300 px-4 text-base focus:border-pond-600 focus:outline-2 focus:outline-pond-600"
			/>
			<button type="submit" className="btn-primary shrink-0">
				<Search aria-hidden="true" className="size-5" />
				{/* The icon alone on phones: with the word, the box was too narrow for its hint at 360 px. */}
				<span className="max-sm:sr-only">Search</span>
			</button>
		</Form>
	)
}
