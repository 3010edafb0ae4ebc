import { Form, Link } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { photoField } from '~/lib/builds/aftercare-schemas'
import type { FieldErrors } from '~/lib/forms'

type Answer = { intent: string; message: string; fieldErrors?: FieldErrors } | undefined

export type AdminAftercareData = {
	portfolioSlug: string | null
	testimonialAsked: boolean
	testimonialSent: boolean
	/** The draft form's starting values. */
	defaults: { title: string; location: string }
}

const LABEL = 'block text-sm font-semibold text-slate-800'

/**
 * A completed build's after-care on its admin page (issue 59 item 10): 'Create portfolio draft'
 * once (then the link to the draft's editor), and the testimonial: asked, sent, or a button to ask.
 */
export function AdminAftercare({
	projectId,
	data,
	photos,
	answer,
}: {
	projectId: string
	data: AdminAftercareData
	photos: Array<{ id: number; width: number; height: number }>
	answer: Answer
}) {
	const draftErrors = answer?.intent === 'portfolio-draft' ? (answer.fieldErrors ?? {}) : {}
	return (
		<div className="space-y-6">
			<div>
				<h3 className="text-lg font-semibold text-pond-900">Portfolio</h3>
				{data.portfolioSlug ? (
					<p className="mt-1" data-testid="portfolio-draft-link">
						A portfolio draft has been made from this build.{' '}
						<Link
							to={`/admin/portfolio/${data.portfolioSlug}`}
							className="font-semibold text-pond-800 underline"
						>
							Edit and publish the draft
						</Link>
					</p>
				) : (
					<PortfolioDraftForm
						projectId={projectId}
						defaults={data.defaults}
						photos={photos}
						errors={draftErrors}
						refusal={
							answer?.intent === 'portfolio-draft' && !answer.fieldErrors ? answer.message : ''
						}
					/>
				)}
			</div>
			<div>
				<h3 className="text-lg font-semibold text-pond-900">Testimonial</h3>
				{data.testimonialSent ? (
					<p className="mt-1">
						The customer has sent a testimonial.{' '}
						<Link to="/admin/testimonials" className="font-semibold text-pond-800 underline">
							Read and approve it
						</Link>
					</p>
				) : (
					<Form method="post" className="mt-1 space-y-2">
						<p className="text-slate-700">
							{data.testimonialAsked
								? 'We have asked the customer for a testimonial; none has come yet.'
								: 'The customer has not been asked for a testimonial yet.'}
						</p>
						<input type="hidden" name="intent" value="ask-testimonial" />
						{answer?.intent === 'ask-testimonial' ? (
							<p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
								{answer.message}
							</p>
						) : null}
						<button type="submit" className="btn-secondary">
							{data.testimonialAsked ? 'Ask again for a testimonial' : 'Ask for a testimonial'}
						</button>
					</Form>
				)}
			</div>
		</div>
	)
}

function PortfolioDraftForm({
	projectId,
	defaults,
	photos,
	errors,
	refusal,
}: {
	projectId: string
	defaults: AdminAftercareData['defaults']
	photos: Array<{ id: number; width: number; height: number }>
	errors: FieldErrors
	refusal: string
}) {
	const field = (name: 'title' | 'location' | 'description') => ({
		id: `draft-${name}`,
		name,
		...errorProps(`draft-${name}`, errors[name], { hint: name === 'location' }),
	})
	return (
		<Form method="post" className="mt-2 space-y-3">
			<input type="hidden" name="intent" value="portfolio-draft" />
			<p className="text-slate-700">
				Makes an unpublished portfolio project from this build, for you to finish and publish.
			</p>
			<div>
				<label htmlFor="draft-title" className={LABEL}>
					Title
				</label>
				<input
					{...field('title')}
					required
					maxLength={120}
					defaultValue={defaults.title}
					className={INPUT_CLASS}
				/>
				<FieldError id="draft-title" error={errors.title} />
			</div>
			<div>
				<label htmlFor="draft-location" className={LABEL}>
					Town
				</label>
				<p id="draft-location-hint" className="text-sm text-slate-600">
					The town only: never the street, house number or postcode.
				</p>
				<input
					{...field('location')}
					required
					maxLength={80}
					defaultValue={defaults.location}
					className={INPUT_CLASS}
				/>
				<FieldError id="draft-location" error={errors.location} />
			</div>
			<div>
				<label htmlFor="draft-description" className={LABEL}>
					Description
				</label>
				<textarea
					{...field('description')}
					required
					rows={5}
					maxLength={4000}
					className={`${INPUT_CLASS} py-2`}
				/>
				<FieldError id="draft-description" error={errors.description} />
			</div>
			{photos.length ? (
				<fieldset>
					<legend className={LABEL}>Photos to use</legend>
					<ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
						{photos.map((photo, i) => (
							<li key={photo.id}>
								<label className="block cursor-pointer rounded-lg p-1 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-pond-600">
									<img
										src={`/admin/projects/${projectId}/photos/${photo.id}`}
										alt=""
										width={photo.width}
										height={photo.height}
										loading="lazy"
										className="aspect-square w-full rounded object-cover"
									/>
									<span className="mt-1 flex items-center gap-2 text-sm">
										<input
											type="checkbox"
											name={photoField(photo.id)}
											value="yes"
											defaultChecked
											className="size-5"
										/>
										Site photo {i + 1}
									</span>
								</label>
							</li>
						))}
					</ul>
					<FieldError
						id="draft-photos"
						error={Object.entries(errors).find(([key]) => key.startsWith('photoIds'))?.[1]}
					/>
				</fieldset>
			) : (
				<p className="text-slate-700">
					This build has no photos: add some in the portfolio editor after.
				</p>
			)}
			{refusal ? (
				<p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
					{refusal}
				</p>
			) : null}
			<button type="submit" className="btn-primary">
				Create portfolio draft
			</button>
		</Form>
	)
}
