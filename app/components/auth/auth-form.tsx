import { useEffect, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import type { AuthFormResult } from '~/lib/auth-forms'
import { type AuthMode, RegisterSchema, ResetRequestSchema, SignInSchema } from '~/lib/auth-forms'
import { cn } from '~/lib/cn'
import { parseForm } from '~/lib/forms'

const TITLES: Record<AuthMode, string> = {
	signin: 'Sign In',
	register: 'Create Account',
	reset: 'Reset Password',
}
const SUBMIT: Record<AuthMode, string> = {
	signin: 'Sign In',
	register: 'Create Account',
	reset: 'Send Reset Email',
}
const SCHEMAS = { signin: SignInSchema, register: RegisterSchema, reset: ResetRequestSchema }

type Props = {
	mode: AuthMode
	result?: AuthFormResult
	/** The page the mode links and the form post to (e.g. /auth or /checkout-auth). */
	path: string
	redirectTo?: string
}

/** One form, three modes (spec: signin, register, reset); a real POST, so it works before hydration. */
export function AuthForm({ mode: requested, result, path, redirectTo }: Props) {
	const mode = result?.mode ?? requested
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting' && navigation.formAction?.startsWith(path)
	const [clientError, setClientError] = useState<string>()
	// biome-ignore lint/correctness/useExhaustiveDependencies: a new mode or server answer replaces the local message
	useEffect(() => setClientError(undefined), [mode, result])
	const error = clientError ?? result?.error
	const success = clientError ? undefined : result?.success
	const modeHref = (m: AuthMode) => {
		const params = new URLSearchParams({ mode: m })
		if (redirectTo) params.set('redirectTo', redirectTo)
		return `${path}?${params}`
	}
	const input =
		'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base focus:border-pond-600 focus:outline-2 focus:outline-pond-600'
	return (
		<div className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200 sm:p-8">
			<h2 className="font-display text-2xl font-bold text-pond-900">{TITLES[mode]}</h2>
			<nav aria-label="Account options" className="mt-4 flex flex-wrap gap-2 text-sm">
				{(['signin', 'register', 'reset'] as const).map((m) => (
					<Link
						key={m}
						to={modeHref(m)}
						replace
						aria-current={m === mode ? 'page' : undefined}
						className={cn(
							'rounded-full px-3 py-1.5 font-semibold',
							m === mode ? 'bg-pond-800 text-white' : 'bg-pond-50 text-pond-800 hover:bg-pond-100',
						)}
					>
						{TITLES[m]}
					</Link>
				))}
			</nav>
			<Form
				method="post"
				action={path}
				noValidate
				className="mt-6 space-y-4"
				onSubmit={(event) => {
					// The same schema and parser as the action: one message, as the spec shows it.
					const parsed = parseForm(SCHEMAS[mode], event.currentTarget)
					if (!parsed.ok) {
						event.preventDefault()
						setClientError(parsed.formError)
					} else setClientError(undefined)
				}}
			>
				<input type="hidden" name="intent" value={mode} />
				{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
				<div aria-live="polite">
					{error ? (
						<p
							role="alert"
							className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
						>
							{error}
						</p>
					) : null}
					{success ? (
						<p
							role="status"
							className="rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
						>
							{success}
						</p>
					) : null}
				</div>
				{mode === 'register' ? (
					<div className="grid gap-4 sm:grid-cols-2">
						<label className="block text-sm font-semibold text-slate-800">
							First name
							<input
								name="firstName"
								autoComplete="given-name"
								defaultValue={result?.values?.firstName}
								className={input}
								maxLength={100}
							/>
						</label>
						<label className="block text-sm font-semibold text-slate-800">
							Last name
							<input
								name="lastName"
								autoComplete="family-name"
								defaultValue={result?.values?.lastName}
								className={input}
								maxLength={100}
							/>
						</label>
					</div>
				) : null}
				<label className="block text-sm font-semibold text-slate-800">
					Email
					<input
						name="email"
						type="email"
						autoComplete="email"
						defaultValue={result?.values?.email}
						className={input}
						maxLength={254}
					/>
				</label>
				{mode !== 'reset' ? (
					<label className="block text-sm font-semibold text-slate-800">
						Password
						<input
							name="password"
							type="password"
							autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
							className={input}
							maxLength={128}
						/>
					</label>
				) : null}
				{mode === 'register' ? (
					<label className="block text-sm font-semibold text-slate-800">
						Confirm password
						<input
							name="confirmPassword"
							type="password"
							autoComplete="new-password"
							className={input}
							maxLength={128}
						/>
						<span className="mt-1 block text-xs font-normal text-slate-600">
							At least 8 characters.
						</span>
					</label>
				) : null}
				<button type="submit" disabled={submitting} className="btn-primary w-full">
					{submitting ? 'Please wait…' : SUBMIT[mode]}
				</button>
			</Form>
		</div>
	)
}
