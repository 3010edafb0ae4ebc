import { Form, useNavigation } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { formatDateTime } from '~/lib/dates'
import type { FieldErrors } from '~/lib/forms'
import { formatPence } from '~/lib/money'
import {
	OUTCOME_LABELS,
	PROBLEM_LABELS,
	type ProblemKind,
	REQUEST_OUTCOMES,
	REQUEST_STATUSES,
	type RequestKind,
	type RequestOutcome,
	type RequestStatus,
	STATUS_LABELS,
} from '~/lib/order-requests'
import { RequestUpdateSchema } from '~/lib/request-schemas'

type RequestView = {
	id: number
	kind: RequestKind
	status: RequestStatus
	problem: ProblemKind | null
	details: string
	late: boolean
	createdAt: string
	goodsReceivedAt: string | null
	resolvedAt: string | null
	outcome: RequestOutcome | null
	outcomeNote: string
	staffNotes: string
	refundedPence: number | null
	version: number
}

type OrderView = {
	id: string
	customer: string
	email: string
	lines: Array<{ quantity: number; name: string; option: string; unitPricePence: number }>
}

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
	<div className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
		<dt className="font-semibold text-slate-600">{label}</dt>
		<dd className="min-w-0 break-words text-slate-900">{children}</dd>
	</div>
)

/** What the customer asked for, with their photos (each opens full size). */
export function RequestFacts({
	request,
	order,
	photos,
}: {
	request: RequestView
	order: OrderView
	photos: Array<{ id: number; width: number; height: number }>
}) {
	return (
		<section
			aria-labelledby="facts-heading"
			className="space-y-4 rounded-2xl p-6 ring-1 ring-slate-200"
		>
			<h2 id="facts-heading" className="text-xl font-semibold text-pond-900">
				What the customer asked
			</h2>
			<dl className="space-y-2 text-sm">
				<Row label="Order">
					<a href={`/admin/orders/${order.id}`} className="font-semibold text-pond-800 underline">
						{order.id}
					</a>
				</Row>
				<Row label="Customer">
					{order.customer} · {order.email}
				</Row>
				<Row label="Sent">
					{formatDateTime(request.createdAt)}
					{request.late ? ' · late: more than 24 hours after delivery' : ''}
				</Row>
				<Row label="Status">{STATUS_LABELS[request.status]}</Row>
				{request.problem ? <Row label="Problem">{PROBLEM_LABELS[request.problem]}</Row> : null}
				{order.lines.length ? (
					<Row label="Items">
						<ul>
							{order.lines.map((line) => (
								<li key={`${line.name}-${line.option}`}>
									{line.quantity} × {line.name}
									{line.option ? ` (${line.option})` : ''} at {formatPence(line.unitPricePence)}
								</li>
							))}
						</ul>
					</Row>
				) : null}
				<Row label="In their words">
					<span className="whitespace-pre-line">{request.details || 'Nothing given'}</span>
				</Row>
				{request.goodsReceivedAt ? (
					<Row label="Goods received">{formatDateTime(request.goodsReceivedAt)}</Row>
				) : null}
				{request.outcome ? (
					<Row label="Outcome">
						{OUTCOME_LABELS[request.outcome]}
						{request.refundedPence ? ` · ${formatPence(request.refundedPence)}` : ''}
					</Row>
				) : null}
			</dl>
			{photos.length ? (
				<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos">
					{photos.map((photo, i) => (
						<li key={photo.id}>
							<a
								href={`/admin/requests/${request.id}/photos/${photo.id}`}
								target="_blank"
								rel="noreferrer"
							>
								<img
									src={`/admin/requests/${request.id}/photos/${photo.id}`}
									width={photo.width}
									height={photo.height}
									alt={`What the customer sent, ${i + 1} of ${photos.length}`}
									loading="lazy"
									className="aspect-square w-full rounded-lg object-cover"
								/>
							</a>
						</li>
					))}
				</ul>
			) : null}
		</section>
	)
}

/** Where the request stands, its outcome (emailed to the customer on resolving) and notes. */
export function RequestUpdateForm({
	request,
	fieldErrors,
}: {
	request: RequestView
	fieldErrors?: FieldErrors
}) {
	const form = useFormErrors(RequestUpdateSchema, fieldErrors)
	const busy = useNavigation().state === 'submitting'
	return (
		<Form
			method="post"
			noValidate
			onSubmit={form.onSubmit}
			className="space-y-4 rounded-2xl bg-pond-50 p-6"
		>
			<h2 className="text-xl font-semibold text-pond-900">Update</h2>
			<input type="hidden" name="intent" value="update" />
			<input type="hidden" name="version" value={request.version} />
			<div className="grid gap-4 sm:grid-cols-2">
				<div>
					<label htmlFor="request-status" className="block text-sm font-semibold text-slate-800">
						Status
					</label>
					<select
						id="request-status"
						name="status"
						defaultValue={request.status}
						className={INPUT_CLASS}
					>
						{REQUEST_STATUSES.map((s) => (
							<option key={s} value={s}>
								{STATUS_LABELS[s]}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="request-outcome" className="block text-sm font-semibold text-slate-800">
						Outcome
					</label>
					<select
						id="request-outcome"
						name="outcome"
						defaultValue={request.outcome ?? ''}
						onChange={() => form.clear('outcome')}
						className={INPUT_CLASS}
						{...errorProps('request-outcome', form.errors.outcome)}
					>
						<option value="">Not decided yet</option>
						{REQUEST_OUTCOMES.map((o) => (
							<option key={o} value={o}>
								{OUTCOME_LABELS[o]}
							</option>
						))}
					</select>
					<FieldError id="request-outcome" error={form.errors.outcome} />
				</div>
			</div>
			<div>
				<label
					htmlFor="request-outcome-note"
					className="block text-sm font-semibold text-slate-800"
				>
					Note to the customer (sent when resolved; the reason, if declined)
				</label>
				<textarea
					id="request-outcome-note"
					name="outcomeNote"
					rows={2}
					maxLength={500}
					defaultValue={request.outcomeNote}
					onChange={() => form.clear('outcomeNote')}
					className={`${INPUT_CLASS} py-2`}
					{...errorProps('request-outcome-note', form.errors.outcomeNote)}
				/>
				<FieldError id="request-outcome-note" error={form.errors.outcomeNote} />
			</div>
			<div>
				<label htmlFor="request-staff-notes" className="block text-sm font-semibold text-slate-800">
					Staff notes (never shown to the customer)
				</label>
				<textarea
					id="request-staff-notes"
					name="staffNotes"
					rows={3}
					maxLength={2000}
					defaultValue={request.staffNotes}
					className={`${INPUT_CLASS} py-2`}
				/>
			</div>
			<button type="submit" className="btn-primary" disabled={busy}>
				Save
			</button>
		</Form>
	)
}
