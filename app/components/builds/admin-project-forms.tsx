import { Form, useNavigation } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import {
	manualMoves,
	needsReason,
	PROJECT_STATUS_LABELS,
	type ProjectStatus,
} from '~/lib/builds/project-status'
import type { FieldErrors } from '~/lib/forms'

type Answer = { intent: string; message: string; fieldErrors?: FieldErrors } | undefined

/** An answer for this form: its message, shown beside it. */
function Refusal({ answer, intent }: { answer: Answer; intent: string }) {
	if (!answer || answer.intent !== intent) return null
	return (
		<p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
			{answer.message}
		</p>
	)
}

/** The status move: only the moves the pipeline allows from here; lost and cancelled need a reason. */
export function StatusForm({
	status,
	version,
	answer,
}: {
	status: ProjectStatus
	version: number
	answer: Answer
}) {
	const moves = manualMoves(status)
	const busy = useNavigation().state === 'submitting'
	if (moves.length === 0)
		return <p className="text-slate-700">This project is closed: its status cannot change.</p>
	return (
		<Form method="post" className="space-y-3">
			<input type="hidden" name="intent" value="status" />
			<input type="hidden" name="version" value={version} />
			<label htmlFor="project-status" className="block text-sm font-semibold text-slate-800">
				Move to
			</label>
			<select id="project-status" name="status" className={INPUT_CLASS} defaultValue={moves[0]}>
				{moves.map((s) => (
					<option key={s} value={s}>
						{PROJECT_STATUS_LABELS[s]}
						{needsReason(s) ? ' (give a reason)' : ''}
					</option>
				))}
			</select>
			<label htmlFor="project-reason" className="block text-sm font-semibold text-slate-800">
				Reason <span className="font-normal text-slate-600">(needed for lost or cancelled)</span>
			</label>
			<input id="project-reason" name="reason" maxLength={500} className={INPUT_CLASS} />
			<Refusal answer={answer} intent="status" />
			<button type="submit" className="btn-primary" disabled={busy}>
				Change status
			</button>
		</Form>
	)
}

/** A free-text form: a message to the customer, an internal note, or the survey notes. */
export function TextForm({
	intent,
	name,
	label,
	hint,
	button,
	defaultValue,
	answer,
}: {
	intent: string
	name: string
	label: string
	hint: string
	button: string
	defaultValue?: string
	answer: Answer
}) {
	const id = `project-${intent}`
	const error = answer?.intent === intent ? answer.fieldErrors?.[name] : undefined
	return (
		<Form method="post" className="space-y-2">
			<input type="hidden" name="intent" value={intent} />
			<label htmlFor={id} className="block text-sm font-semibold text-slate-800">
				{label}
			</label>
			<p id={`${id}-hint`} className="text-sm text-slate-600">
				{hint}
			</p>
			<textarea
				id={id}
				name={name}
				rows={4}
				maxLength={5000}
				defaultValue={defaultValue}
				className={`${INPUT_CLASS} py-2`}
				{...errorProps(id, error, { hint: true })}
			/>
			<FieldError id={id} error={error} />
			{error ? null : <Refusal answer={answer} intent={intent} />}
			<button type="submit" className="btn-secondary">
				{button}
			</button>
		</Form>
	)
}
