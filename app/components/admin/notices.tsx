import type { ReactNode } from 'react'

/** A back-office page's 'done' message (role status) or refusal (role alert), above its content. */
export function Notice({ kind, children }: { kind: 'done' | 'refused'; children: ReactNode }) {
	return kind === 'done' ? (
		<div role="status" className="mb-6 rounded-lg bg-green-50 px-4 py-3 font-medium text-green-900">
			{children}
		</div>
	) : (
		<div role="alert" className="mb-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
			{children}
		</div>
	)
}
