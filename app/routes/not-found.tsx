// Any URL no other route claims: throw so the root error boundary renders the 404 page with status 404.
export function loader() {
	throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
	return null
}
