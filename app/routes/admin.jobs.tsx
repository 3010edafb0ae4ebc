import { data, Form, useNavigation } from 'react-router'
import { requireAccess, requireAction } from '~/.server/auth/guards'
import { buildsSummary } from '~/.server/builds/builds-summary'
import { businessMailFor } from '~/.server/email/business-mail'
import { readForm } from '~/.server/http/read-body'
import { jobOverview, retryFailedJob } from '~/.server/jobs/queue'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { sendMorningSummary } from '~/.server/orders/pages/morning-summary'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { FormResult } from '~/components/ui/form-result'
import { formatDateTime } from '~/lib/dates'
import { parseForm } from '~/lib/forms'
import { JOB_LABELS, JobsActionSchema } from '~/lib/job-schemas'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.jobs'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Background work', to: '/admin/jobs' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Background work · Admin',
		description: 'Scheduled jobs and failures.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/jobs')
	return {
		role: viewer.role,
		jobs: await jobOverview(context.db),
		requestsWaiting: await waitingRequests(context.db),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/jobs')
	const parsed = parseForm(JobsActionSchema, await readForm(request))
	if (!parsed.ok) return data({ message: parsed.formError, ok: false }, { status: 400 })
	if (parsed.data.intent === 'send-summary') {
		await sendMorningSummary(
			{ db: context.db, siteUrl: context.env.SITE_URL, builds: buildsSummary },
			new Date(),
			{ preview: true },
		)
		context.logger.info({ adminId: admin.id }, 'morning summary sent by staff')
		// The address the outbox worker will send it to, by the same rule.
		const { staffInbox } = await businessMailFor(context.db, context.env)
		return { message: `The summary is on its way to ${staffInbox}.`, ok: true }
	}
	if (!(await retryFailedJob(context.db, parsed.data.key, new Date())))
		return data({ message: 'That job is not waiting for a retry.', ok: false }, { status: 409 })
	context.logger.info({ adminId: admin.id, job: parsed.data.key }, 'job retried by staff')
	return { message: 'The job will run again within a few seconds.', ok: true }
}

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
	const { jobs } = loaderData
	const busy = useNavigation().state === 'submitting'
	const recurring = jobs.filter((job) => job.recurring)
	const problems = jobs.filter((job) => job.failing)
	return (
		<>
			<PageHeader
				title="Background work"
				intro="What the shop does on its own, when it last ran, and anything that went wrong."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				<FormResult result={actionData} className="mb-6" />
				<h2 className="mb-3 font-display text-xl font-bold text-pond-900">Problems</h2>
				{problems.length === 0 ? (
					<p className="mb-8 rounded-xl bg-green-50 p-4 text-green-900">
						Nothing has failed: every job's last run succeeded.
					</p>
				) : (
					<ul className="mb-8 space-y-3">
						{problems.map((job) => (
							<li
								key={job.key}
								data-job={job.key}
								className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200"
							>
								<p className="font-semibold text-red-900">{JOB_LABELS[job.name] ?? job.name}</p>
								<p className="mt-1 text-sm break-words text-slate-700">
									{job.key} · failed {job.failedAt ? formatDateTime(job.failedAt) : ''} after{' '}
									{job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'}
								</p>
								<p className="mt-2 text-sm break-words text-red-800">{job.lastError}</p>
								{job.status === 'failed' ? (
									<Form method="post" className="mt-3">
										<input type="hidden" name="intent" value="retry" />
										<input type="hidden" name="key" value={job.key} />
										<button type="submit" className="btn-secondary" disabled={busy}>
											Retry now
										</button>
									</Form>
								) : (
									<p className="mt-2 text-sm text-slate-700">
										Tries again {formatDateTime(job.runAt)}.
									</p>
								)}
							</li>
						))}
					</ul>
				)}
				<div className="mb-3 flex flex-wrap items-center justify-between gap-3">
					<h2 id="scheduled-jobs" className="font-display text-xl font-bold text-pond-900">
						Scheduled jobs
					</h2>
					<Form method="post">
						<input type="hidden" name="intent" value="send-summary" />
						<button type="submit" className="btn-secondary" disabled={busy}>
							Send the morning summary now
						</button>
					</Form>
				</div>
				<ul className="space-y-3">
					{recurring.map((job) => (
						<li key={job.key} className="rounded-xl p-4 ring-1 ring-slate-200">
							<p className="font-semibold text-pond-900">{JOB_LABELS[job.name] ?? job.name}</p>
							<p className="mt-1 text-sm text-slate-700">
								Last run: {job.lastRunAt ? formatDateTime(job.lastRunAt) : 'not yet'}
								{job.failing ? ' (failed)' : ''} · next: {formatDateTime(job.runAt)}
							</p>
						</li>
					))}
				</ul>
			</div>
		</>
	)
}
