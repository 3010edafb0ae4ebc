import { Form } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { formatDate } from '~/lib/dates'
import type { FieldErrors } from '~/lib/forms'
import { PasskeyButton } from './passkey-button'

export type SetUpView = { qr: { path: string; size: number }; secretText: string }
export type PanelState = {
	enabled: boolean
	setUp?: SetUpView
	passkeys: Array<{ id: string; name: string | null; createdAt: string | null }>
	mayTurnOff: boolean
}

function Field({
	form,
	name,
	label,
	errors,
	type = 'password',
	hint,
}: {
	form: string
	name: string
	label: string
	errors?: FieldErrors
	type?: 'password' | 'code'
	hint?: string
}) {
	const id = `${form}-${name}`
	const error = errors?.[name] ?? errors?.['']
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-semibold text-slate-800">
				{label}
			</label>
			<input
				id={id}
				name={name}
				type={type === 'password' ? 'password' : 'text'}
				inputMode={type === 'code' ? 'numeric' : undefined}
				autoComplete={type === 'password' ? 'current-password' : 'one-time-code'}
				maxLength={type === 'password' ? 128 : 16}
				className={`${INPUT_CLASS} max-w-sm`}
				{...errorProps(id, error, { hint: Boolean(hint) })}
			/>
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
					{hint}
				</p>
			) : null}
			<FieldError id={id} error={error} />
		</div>
	)
}

/** Two-step sign-in: set up (QR code, secret, first code), or on (passkeys, backup codes, off). */
export function SecondFactorPanel({
	state,
	errorsFor,
}: {
	state: PanelState
	errorsFor: (form: string) => FieldErrors | undefined
}) {
	if (state.setUp) return <SetUp view={state.setUp} errors={errorsFor('confirm-setup')} />
	if (!state.enabled)
		return (
			<Form method="post" noValidate className="space-y-3">
				<input type="hidden" name="intent" value="start-setup" />
				<p className="text-slate-700">
					Two-step sign-in asks for a code from an authenticator app on your phone (such as Google
					Authenticator, Microsoft Authenticator or 1Password) after your password, so a stolen
					password alone cannot open your account.
				</p>
				<Field
					form="start-setup"
					name="password"
					label="Your password"
					errors={errorsFor('start-setup')}
				/>
				<button type="submit" className="btn-primary">
					Set up an authenticator app
				</button>
			</Form>
		)
	return (
		<div className="space-y-8">
			<p className="font-medium text-green-800">
				Two-step sign-in is on: you are asked for a code from your authenticator app after your
				password.
			</p>
			<div className="space-y-3">
				<h3 className="font-display text-lg font-bold text-pond-900">Passkeys</h3>
				<p className="text-slate-700">
					A passkey lets this phone or computer answer the second step with your fingerprint, face
					or screen lock instead of a code.
				</p>
				{state.passkeys.length > 0 ? (
					<ul className="space-y-2">
						{state.passkeys.map((p) => (
							<li key={p.id} className="flex flex-wrap items-center gap-3">
								<span>
									{p.name ?? 'Passkey'}
									{p.createdAt ? `, added ${formatDate(p.createdAt)}` : ''}
								</span>
								<Form method="post">
									<input type="hidden" name="intent" value="remove-passkey" />
									<input type="hidden" name="passkeyId" value={p.id} />
									<button type="submit" className="btn-secondary">
										Remove
									</button>
								</Form>
							</li>
						))}
					</ul>
				) : null}
				<PasskeyButton ceremony="register" label="Add a passkey" />
			</div>
			<Form method="post" noValidate className="space-y-3">
				<input type="hidden" name="intent" value="new-backup-codes" />
				<h3 className="font-display text-lg font-bold text-pond-900">Backup codes</h3>
				<p className="text-slate-700">
					Lost your codes, or used most of them? New ones replace every old one.
				</p>
				<Field
					form="new-backup-codes"
					name="password"
					label="Your password"
					errors={errorsFor('new-backup-codes')}
				/>
				<button type="submit" className="btn-secondary">
					Make new backup codes
				</button>
			</Form>
			{state.mayTurnOff ? (
				<Form method="post" noValidate className="space-y-3">
					<input type="hidden" name="intent" value="turn-off" />
					<h3 className="font-display text-lg font-bold text-pond-900">
						Turn off two-step sign-in
					</h3>
					<Field
						form="turn-off"
						name="password"
						label="Your password"
						errors={errorsFor('turn-off')}
					/>
					<button type="submit" className="btn-secondary">
						Turn off
					</button>
				</Form>
			) : null}
		</div>
	)
}

function SetUp({ view, errors }: { view: SetUpView; errors: FieldErrors | undefined }) {
	return (
		<div className="space-y-4">
			<ol className="list-decimal space-y-2 pl-5 text-slate-700">
				<li>Open your authenticator app and add an account.</li>
				<li>Scan this QR code, or type the key below into the app.</li>
				<li>Enter the 6-digit code the app then shows.</li>
			</ol>
			<svg
				role="img"
				aria-label="QR code for your authenticator app"
				viewBox={`0 0 ${view.qr.size} ${view.qr.size}`}
				className="size-56 rounded-lg bg-white ring-1 ring-slate-200"
				shapeRendering="crispEdges"
			>
				<path d={view.qr.path} fill="#0f172a" />
			</svg>
			<div>
				<p className="text-sm font-semibold text-slate-800">Key to type instead</p>
				<p className="break-all font-mono text-lg tracking-wider" data-testid="totp-secret">
					{view.secretText.replace(/(.{4})/g, '$1 ').trim()}
				</p>
			</div>
			<Form method="post" noValidate className="space-y-3">
				<input type="hidden" name="intent" value="confirm-setup" />
				<Field
					form="confirm-setup"
					name="code"
					label="Code from the app"
					type="code"
					errors={errors}
					hint="6 digits; a new code appears every 30 seconds."
				/>
				<button type="submit" className="btn-primary">
					Turn on two-step sign-in
				</button>
			</Form>
			<Form method="post">
				<input type="hidden" name="intent" value="cancel-setup" />
				<button type="submit" className="text-sm font-medium text-pond-700 underline">
					Start again with a new key
				</button>
			</Form>
		</div>
	)
}
