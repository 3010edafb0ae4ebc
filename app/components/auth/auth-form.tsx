import { type InputHTMLAttributes, useMemo, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import type { z } from 'zod'
import { loadAuthSchemas } from '~/components/auth/auth-schemas.client'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { AuthFormResult, AuthMode } from '~/lib/auth-forms'
import { cn } from '~/lib/cn'

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
const INPUT =
	'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base focus:border-pond-600 focus:outline-2 focus:outline-pond-600'
type Schemas = Record<AuthMode, z.ZodType>

/**
 * The forms' schemas (and zod with them, a fifth of the page's script) load when the visitor
 * first touches the form, not with the page: until then a submit is checked by the action alone.
 */
function useSchemas() {
	const [schemas, setSchemas] = useState<Schemas | null>(null)
	const loading = useRef(false)
	const load = () => {
		if (loading.current) return
		loading.current = true
		loadAuthSchemas().then(
			(m) =>
				setSchemas({
					signin: m.SignInSchema,
					register: m.RegisterSchema,
					reset: m.ResetRequestSchema,
				}),
			() => {
				loading.current = false
			},
		)
	}
	return { schemas, load }
}

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
	const { schemas, load } = useSchemas()
	const modeHref = (m: AuthMode) => {
		const params = new URLSearchParams({ mode: m })
		if (redirectTo) params.set('redirectTo', redirectTo)
		return `${path}?${params}`
	}
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
			{/* A new mode starts with a clean form: no errors left from the last one. */}
			<ModeForm
				key={mode}
				mode={mode}
				result={result}
				path={path}
				redirectTo={redirectTo}
				schema={schemas?.[mode] ?? null}
				onTouch={load}
			/>
		</div>
	)
}

const fieldId = (name: string) => `auth-${name}`

function ModeForm({
	mode,
	result,
	path,
	redirectTo,
	schema,
	onTouch,
}: Props & { schema: z.ZodType | null; onTouch: () => void }) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting' && navigation.formAction?.startsWith(path)
	// The server's answer: one message, on the field it is about ('' when it is about none).
	const serverErrors = useMemo(
		() => (result?.error ? { [result.field ?? '']: result.error } : undefined),
		[result],
	)
	// The same schema and parser as the action, so the browser shows the same one message.
	const form = useFormErrors(schema, serverErrors)
	const success = Object.keys(form.errors).length > 0 ? undefined : result?.success
	const field = (
		name: string,
		label: string,
		props: InputHTMLAttributes<HTMLInputElement>,
		hint?: string,
	) => {
		const id = fieldId(name)
		const error = form.errors[name]
		return (
			<div>
				<label htmlFor={id} className="block text-sm font-semibold text-slate-800">
					{label}
				</label>
				<input
					id={id}
					name={name}
					onChange={() => form.clear(name)}
					className={INPUT}
					{...props}
					{...errorProps(id, error, { hint: Boolean(hint) })}
				/>
				{hint ? (
					<p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
						{hint}
					</p>
				) : null}
				<FieldError id={id} error={error} />
			</div>
		)
	}
	return (
		<Form
			method="post"
			action={path}
			noValidate
			className="mt-6 space-y-4"
			onSubmit={form.onSubmit}
			onFocus={onTouch}
			onPointerDown={onTouch}
		>
			<input type="hidden" name="intent" value={mode} />
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<ErrorSummary errors={form.errors} idFor={fieldId} attempt={form.attempt} />
			{success ? (
				<p
					role="status"
					className="rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
				>
					{success}
				</p>
			) : null}
			{mode === 'register' ? (
				<div className="grid gap-4 sm:grid-cols-2">
					{field('firstName', 'First name', {
						autoComplete: 'given-name',
						defaultValue: result?.values?.firstName,
						maxLength: 100,
					})}
					{field('lastName', 'Last name', {
						autoComplete: 'family-name',
						defaultValue: result?.values?.lastName,
						maxLength: 100,
					})}
				</div>
			) : null}
			{field('email', 'Email', {
				type: 'email',
				autoComplete: 'email',
				defaultValue: result?.values?.email,
				maxLength: 254,
			})}
			{mode !== 'reset'
				? field(
						'password',
						'Password',
						{
							type: 'password',
							autoComplete: mode === 'register' ? 'new-password' : 'current-password',
							maxLength: 128,
						},
						// Under the password, where the spec's 'too weak' message appears.
						mode === 'register' ? 'At least 8 characters.' : undefined,
					)
				: null}
			{mode === 'register'
				? field('confirmPassword', 'Confirm password', {
						type: 'password',
						autoComplete: 'new-password',
						maxLength: 128,
					})
				: null}
			<button type="submit" disabled={submitting} className="btn-primary w-full">
				{submitting ? 'Please wait…' : SUBMIT[mode]}
			</button>
		</Form>
	)
}
