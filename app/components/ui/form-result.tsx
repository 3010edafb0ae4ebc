import { cn } from '~/lib/cn'

/** What a posted form did: a status when it worked, an alert when it did not (read out either way). */
export function FormResult({
	result,
	className,
}: {
	result: { ok: boolean; message: string } | undefined
	className?: string
}) {
	if (!result) return null
	return (
		<p
			role={result.ok ? 'status' : 'alert'}
			className={cn(
				'rounded-xl p-4 font-medium',
				result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800',
				className,
			)}
		>
			{result.message}
		</p>
	)
}
