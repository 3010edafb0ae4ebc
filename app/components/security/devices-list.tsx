import { Form } from 'react-router'

export type DeviceRow = { id: string; device: string; lastActive: string; current: boolean }

/** A person's signed-in devices, each with 'Sign out', and 'Sign out everywhere else'. */
export function DevicesList({ devices, notice }: { devices: DeviceRow[]; notice?: string }) {
	const others = devices.filter((d) => !d.current).length
	return (
		<section aria-labelledby="devices" className="space-y-4">
			<h2 id="devices" className="font-display text-xl font-bold text-pond-900">
				Signed-in devices
			</h2>
			<p className="text-slate-700">
				Where your account is signed in now. Sign out any device you do not recognise, then change
				your password.
			</p>
			{notice ? (
				<p role="status" className="font-medium text-green-800">
					{notice}
				</p>
			) : null}
			<ul className="divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
				{devices.map((d) => (
					<li key={d.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
						<div>
							<p className="font-semibold text-slate-900">
								{d.device}
								{d.current ? (
									<span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm font-medium text-green-800">
										This device
									</span>
								) : null}
							</p>
							<p className="text-sm text-slate-600">{d.lastActive}</p>
						</div>
						{d.current ? null : (
							<Form method="post">
								<input type="hidden" name="intent" value="end-session" />
								<input type="hidden" name="sessionId" value={d.id} />
								<button
									type="submit"
									className="btn-secondary"
									aria-label={`Sign out ${d.device}, ${d.lastActive.toLowerCase()}`}
								>
									Sign out
								</button>
							</Form>
						)}
					</li>
				))}
			</ul>
			{others > 0 ? (
				<Form method="post">
					<input type="hidden" name="intent" value="end-others" />
					<button type="submit" className="btn-secondary">
						Sign out everywhere else
					</button>
				</Form>
			) : null}
		</section>
	)
}
