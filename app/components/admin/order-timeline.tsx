import { Form } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { AddNoteSchema, NOTE_MAX } from '~/lib/admin-order-schemas'
import { formatDateTime } from '~/lib/dates'
import { statusLabel } from '~/lib/order-status'
import { type AdminOrderView, Section } from './order-detail'
import { usePending } from './order-forms'

export type TimelineEvent = {
	id: number
	at: string
	who: string
	from: string | null
	to: string
	note: string
}

/**
 * What happened to the order, with who and when, in every status (issue 34 item 4): status
 * changes, the notes typed when quoting, and notes staff add at any time.
 */
export function Timeline({ order, events }: { order: AdminOrderView; events: TimelineEvent[] }) {
	return (
		<Section title="Timeline">
			{order.adminNotes ? (
				<div className="rounded-lg bg-amber-50 p-3 text-sm" data-testid="admin-notes">
					<h4 className="font-semibold text-slate-900">Admin notes</h4>
					<p className="whitespace-pre-line break-words text-slate-800">{order.adminNotes}</p>
				</div>
			) : null}
			<ol className="space-y-3 border-l-2 border-pond-200 pl-4 text-sm">
				{events.map((event) => (
					<li key={event.id}>
						<p className="font-semibold text-slate-900">
							{event.from === event.to
								? 'Note'
								: event.from
									? `${statusLabel(event.from)} → ${statusLabel(event.to)}`
									: statusLabel(event.to)}
						</p>
						<p className="text-slate-600">
							<time dateTime={event.at}>{formatDateTime(event.at)}</time> ·{' '}
							<span className="break-words">{event.who}</span>
						</p>
						{event.note ? (
							<p className="whitespace-pre-line break-words text-slate-800">{event.note}</p>
						) : null}
					</li>
				))}
			</ol>
			<AddNoteForm />
		</Section>
	)
}

/** A note at any status: kept on the timeline with who wrote it and when. */
function AddNoteForm() {
	const form = useFormErrors(AddNoteSchema, undefined)
	const pending = usePending('add-note')
	return (
		<Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-2">
			<input type="hidden" name="intent" value="add-note" />
			<label htmlFor="order-note" className="block text-sm font-semibold text-slate-800">
				Add a note
			</label>
			<textarea
				id="order-note"
				name="note"
				rows={2}
				maxLength={NOTE_MAX}
				onChange={() => form.clear('note')}
				className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
				{...errorProps('order-note', form.errors.note)}
			/>
			<FieldError id="order-note" error={form.errors.note} />
			<button type="submit" className="btn-secondary" disabled={pending}>
				{pending ? 'Saving…' : 'Add note'}
			</button>
		</Form>
	)
}
