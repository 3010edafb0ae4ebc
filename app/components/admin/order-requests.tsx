import { Link } from 'react-router'
import {
	KIND_LABELS,
	PROBLEM_LABELS,
	type ProblemKind,
	type RequestKind,
	type RequestStatus,
	STATUS_LABELS,
} from '~/lib/order-requests'
import { Section } from './order-detail'

type Request = { id: number; kind: RequestKind; status: RequestStatus; problem: ProblemKind | null }

/** The customer's cancellations, returns and problem reports on this order, each to its page. */
export function OrderRequests({ requests }: { requests: Request[] }) {
	if (!requests.length) return null
	return (
		<Section title="Customer requests">
			<ul className="space-y-2 text-sm">
				{requests.map((r) => (
					<li key={r.id}>
						<Link to={`/admin/requests/${r.id}`} className="font-semibold text-pond-800 underline">
							{KIND_LABELS[r.kind]}
							{r.problem ? `: ${PROBLEM_LABELS[r.problem].toLowerCase()}` : ''} (request {r.id})
						</Link>{' '}
						· {STATUS_LABELS[r.status]}
					</li>
				))}
			</ul>
		</Section>
	)
}
