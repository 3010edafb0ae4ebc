import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'

type Ceremony = 'sign-in' | 'register'
type Answer = { options?: unknown; error?: string }

/**
 * A passkey through the browser's own WebAuthn prompt: asks the page's action for options
 * (intent `${prefix}-options`), runs the ceremony, posts the result (intent `${prefix}`). Shown
 * only where the browser can do it; without JavaScript the code form is the way.
 */
export function PasskeyButton({
	ceremony,
	label,
	redirectTo,
}: {
	ceremony: Ceremony
	label: string
	redirectTo?: string
}) {
	const options = useFetcher<Answer>()
	const finish = useFetcher<Answer>()
	const [supported, setSupported] = useState(false)
	const [problem, setProblem] = useState('')
	// The options answer already used: each answer runs the browser's prompt once.
	const handled = useRef<unknown>(null)
	const prefix = ceremony === 'sign-in' ? 'passkey' : 'add-passkey'
	useEffect(() => {
		setSupported(
			typeof PublicKeyCredential !== 'undefined' &&
				'parseRequestOptionsFromJSON' in PublicKeyCredential,
		)
	}, [])
	useEffect(() => {
		const json = options.data?.options
		if (!json || handled.current === options.data) return
		handled.current = options.data
		const run = async () => {
			try {
				const credential =
					ceremony === 'sign-in'
						? await navigator.credentials.get({
								publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(json as never),
							})
						: await navigator.credentials.create({
								publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(json as never),
							})
				if (!credential) throw new Error('no credential')
				finish.submit(
					{
						intent: prefix,
						credential: JSON.stringify((credential as PublicKeyCredential).toJSON()),
						redirectTo: redirectTo ?? '',
					},
					{ method: 'post' },
				)
			} catch {
				setProblem('The passkey prompt was closed or did not work. You can try again.')
			}
		}
		void run()
	}, [options.data, ceremony, finish, prefix, redirectTo])
	if (!supported) return null
	const error = problem || finish.data?.error || options.data?.error
	return (
		<div>
			<button
				type="button"
				className="btn-secondary w-full sm:w-auto"
				disabled={options.state !== 'idle' || finish.state !== 'idle'}
				onClick={() => {
					setProblem('')
					options.submit({ intent: `${prefix}-options` }, { method: 'post' })
				}}
			>
				{label}
			</button>
			{error ? (
				<p role="alert" className="mt-2 text-sm font-medium text-red-700">
					{error}
				</p>
			) : null}
		</div>
	)
}
