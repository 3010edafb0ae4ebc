import { Link } from 'react-router'
import {
	BUDGET_LABELS,
	BUILD_TYPE_LABELS,
	type BudgetBand,
	type BuildType,
} from '~/lib/builds/build-schemas'
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '~/lib/builds/project-status'
import { formatSurveyTime } from '~/lib/builds/survey-slots'

export type ProjectCardData = {
	id: string
	name: string
	postcode: string
	type: BuildType
	budget: BudgetBand
	status: ProjectStatus
	outsideArea: boolean
	surveyAt: string | null
}

/** One project on the admin board or list. */
export function ProjectCard({
	project: p,
	withStatus = false,
}: {
	project: ProjectCardData
	withStatus?: boolean
}) {
	return (
		<li data-project-id={p.id} className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
			<Link to={`/admin/projects/${p.id}`} className="font-semibold text-pond-800 underline">
				{p.name}
			</Link>
			<p className="text-sm text-slate-700">
				{p.id} · {p.postcode}
				{p.outsideArea ? ' · outside area' : ''}
			</p>
			<p className="text-sm text-slate-700">
				{BUILD_TYPE_LABELS[p.type]} · {BUDGET_LABELS[p.budget]}
			</p>
			{withStatus ? (
				<p className="text-sm font-semibold text-slate-900">{PROJECT_STATUS_LABELS[p.status]}</p>
			) : null}
			{p.surveyAt ? (
				<p className="text-sm text-pond-900">Survey {formatSurveyTime(p.surveyAt)}</p>
			) : null}
		</li>
	)
}
