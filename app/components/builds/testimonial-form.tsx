import { Form } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { FieldErrors } from '~/lib/forms'

export type TestimonialAnswer = {
	intent: 'testimonial'
	message: string
	fieldErrors?: FieldErrors
	values?: Record<string, string>
}

/** The project page's action answers the survey's forms too: this picks out the testimonial's. */
export const isTestimonialAnswer = (answer: unknown): answer is TestimonialAnswer =>
	typeof answer === 'object' &&
	answer !== null &&
	(answer as { intent?: unknown }).intent === 'testimonial'

const LABEL = 'block font-semibold text-slate-800'
const STARS = [5, 4, 3, 2, 1]

/**
 * The customer's testimonial for a finished build (issue 59 item 10): the name and town to show,
 * their words, a rating and consent to publish. Works without JavaScript; errors sit under their
 * fields. Nothing appears on the website until the owner has read and approved it.
 */
export function TestimonialForm({ answer }: { answer: TestimonialAnswer | undefined }) {
	const errors = answer?.fieldErrors ?? {}
	const v = answer?.values ?? {}
	const field = (name: string, hint = false) => ({
		id: `testimonial-${name}`,
		name,
		...errorProps(`testimonial-${name}`, errors[name], { hint }),
	})
	return (
		<Form method="post" className="mt-3 space-y-4" aria-describedby="testimonial-intro">
			<p id="testimonial-intro" className="text-slate-800">
				Would you tell other pond owners what it was like to build your pond with us? We read every
				testimonial before it goes on our website, and show only the name and town you give here.
			</p>
			<input type="hidden" name="intent" value="testimonial" />
			{answer?.message && !answer.fieldErrors ? (
				<p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
					{answer.message}
				</p>
			) : null}
			<div className="grid gap-4 sm:grid-cols-2">
				<div>
					<label htmlFor="testimonial-name" className={LABEL}>
						Your name as we should show it
					</label>
					<p id="testimonial-name-hint" className="text-sm text-slate-600">
						For example ‘Morag F.’
					</p>
					<input
						{...field('name', true)}
						required
						maxLength={120}
						autoComplete="name"
						defaultValue={v.name}
						className={INPUT_CLASS}
					/>
					<FieldError id="testimonial-name" error={errors.name} />
				</div>
				<div>
					<label htmlFor="testimonial-town" className={LABEL}>
						Town <span className="font-normal text-slate-600">(optional)</span>
					</label>
					<p id="testimonial-town-hint" className="text-sm text-slate-600">
						Shown after your name.
					</p>
					<input
						{...field('town', true)}
						maxLength={80}
						defaultValue={v.town}
						className={INPUT_CLASS}
					/>
					<FieldError id="testimonial-town" error={errors.town} />
				</div>
			</div>
			<div>
				<label htmlFor="testimonial-text" className={LABEL}>
					Your testimonial
				</label>
				<textarea
					{...field('text')}
					required
					rows={5}
					maxLength={1500}
					defaultValue={v.text}
					className={`${INPUT_CLASS} py-2`}
				/>
				<FieldError id="testimonial-text" error={errors.text} />
			</div>
			<div>
				<label htmlFor="testimonial-rating" className={LABEL}>
					Your rating
				</label>
				<select
					{...field('rating')}
					defaultValue={v.rating ?? '5'}
					className={`${INPUT_CLASS} sm:w-48`}
				>
					{STARS.map((n) => (
						<option key={n} value={String(n)}>
							{n} {n === 1 ? 'star' : 'stars'}
						</option>
					))}
				</select>
				<FieldError id="testimonial-rating" error={errors.rating} />
			</div>
			<div>
				<div className="flex items-start gap-3">
					<input
						{...field('consent')}
						type="checkbox"
						value="yes"
						required
						defaultChecked={v.consent === 'yes'}
						className="mt-1 size-5 shrink-0"
					/>
					<label htmlFor="testimonial-consent" className="text-slate-800">
						You may publish my testimonial on your website with the name and town above.
					</label>
				</div>
				<FieldError id="testimonial-consent" error={errors.consent} />
			</div>
			<button type="submit" className="btn-primary">
				Send my testimonial
			</button>
		</Form>
	)
}
