import { useNonce } from './nonce'

/** Structured data for search engines; `<` is escaped so no value can close the script element. */
export function JsonLd({ data }: { data: unknown }) {
	const nonce = useNonce()
	const json = JSON.stringify(data).replace(/</g, '\\u003c')
	return (
		<script
			type="application/ld+json"
			nonce={nonce || undefined}
			suppressHydrationWarning
			dangerouslySetInnerHTML={{ __html: json }}
		/>
	)
}
