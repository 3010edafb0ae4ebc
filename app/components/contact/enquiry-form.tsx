import { CheckCircle2 } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { ENQUIRY_TOPICS, EnquirySchema, TOPIC_LABELS } from '~/lib/enquiry-schema'
import type { FieldErrors } from '~/lib/forms'

/** The enquiry form under the contact cards; works without JavaScript (issue 20). */
export function EnquiryForm({
	product,
	sent,
	fieldErrors,
	error,
}: {
	product: string
	sent: string
	fieldErrors: FieldErrors | undefined
	error: string | undefined
}) {
	const form = useFormErrors(EnquirySchema, fieldErrors)
	const sending = useNavigation().state === 'submitting'
	if (sent) {
		return (
			<section
				id="enquiry"
				aria-labelledby="enquiry-sent"
				className="mt-12 rounded-2xl bg-green-50 p-8 text-center"
			>
				<CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-green-700" />
				<h2 id="enquiry-sent" className="mt-3 font-display text-2xl font-bold text-pond-900">
					Thank you: your message is with us
				</h2>
				<p className="mt-2 text-lg text-slate-700">
					We reply to every enquiry within 24 hours. An email confirming we have it is on its way to
					you (it does not repeat your message); your reference is <strong>{sent}</strong>.
				</p>
			</section>
		)
	}
	const field = (
		name: string,
		label: string,
		props: React.InputHTMLAttributes<HTMLInputElement> = {},
	) => {
		const id = `enquiry-${name}`
		return (
			<div>
				<label htmlFor={id} className="block text-sm font-semibold text-slate-800">
					{label}
					{props.required ? null : <span className="font-normal text-slate-600"> (optional)</span>}
				</label>
				<input
					id={id}
					name={name}
					onChange={() => form.clear(name)}
					className={INPUT_CLASS}
					{...props}
					required={undefined}
					{...errorProps(id, form.errors[name])}
				/>
				<FieldError id={id} error={form.errors[name]} />
			</div>
		)
	}
	return (
		<section id="enquiry" aria-labelledby="enquiry-heading" className="mt-12 max-w-3xl">
			<h2 id="enquiry-heading" className="font-display text-2xl font-bold text-pond-900">
				Send us a message
			</h2>
			<p className="mt-2 text-slate-700">We reply within 24 hours, Monday to Saturday.</p>
			{error ? (
				<p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
					{error}
				</p>
			) : null}
			<Form
				method="post"
				noValidate
				onSubmit={form.onSubmit}
				className="mt-6 grid gap-4 sm:grid-cols-2"
			>
				<ErrorSummary
					errors={form.errors}
					idFor={(name) => `enquiry-${name}`}
					attempt={form.attempt}
					className="sm:col-span-2"
				/>
				{field('name', 'Your name', { autoComplete: 'name', required: true })}
				{field('email', 'Email', { type: 'email', autoComplete: 'email', required: true })}
				{field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
				{field('product', 'Product code', { defaultValue: product })}
				<fieldset className="sm:col-span-2">
					<legend className="text-sm font-semibold text-slate-800">What is it about?</legend>
					<div
						className="mt-2 flex flex-wrap gap-6"
						{...errorProps('enquiry-topic', form.errors.topic)}
					>
						{ENQUIRY_TOPICS.map((topic, i) => (
							<label key={topic} className="flex min-h-11 items-center gap-2 text-slate-800">
								<input
									// The error summary's link goes to the first choice, as GOV.UK's does.
									id={i === 0 ? 'enquiry-topic' : undefined}
									type="radio"
									name="topic"
									value={topic}
									defaultChecked={product ? topic === 'products' : false}
									onChange={() => form.clear('topic')}
									className="size-5 accent-pond-700"
								/>
								{TOPIC_LABELS[topic]}
							</label>
						))}
					</div>
					<FieldError id="enquiry-topic" error={form.errors.topic} />
				</fieldset>
				<div className="sm:col-span-2">
					<label htmlFor="enquiry-message" className="block text-sm font-semibold text-slate-800">
						Your message
					</label>
					<textarea
						id="enquiry-message"
						name="message"
						rows={6}
						maxLength={5000}
						onChange={() => form.clear('message')}
						className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
						{...errorProps('enquiry-message', form.errors.message)}
					/>
					<FieldError id="enquiry-message" error={form.errors.message} />
				</div>
				{/* Honeypot: off-screen and out of the tab order, so only bots fill it in. */}
				<div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
					<label>
						Leave this empty
						<input name="website" tabIndex={-1} autoComplete="off" />
					</label>
				</div>
				<div className="sm:col-span-2">
					<button type="submit" className="btn-primary" disabled={sending}>
						{sending ? 'Sending…' : 'Send message'}
					</button>
				</div>
			</Form>
		</section>
	)
}
