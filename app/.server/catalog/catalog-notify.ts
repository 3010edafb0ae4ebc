import pg from 'pg'
import type { Logger } from '~/.server/logger'

/** Notified with the new version in every publish's transaction (replaceCatalog), at commit. */
export const CATALOG_CHANNEL = 'catalog_version'

/** A lost connection is tried again after this; the version check covers the gap. */
const RECONNECT_MS = 5000

/**
 * On PostgreSQL, wakes this instance's catalogue read model as soon as another instance publishes,
 * rather than at its next once-a-second version check (issue 32 item 2: other instances within
 * 1 s, which the check alone missed at 50,000 products). The check still runs, so a lost
 * connection only means waiting for it until this one is back.
 */
export function listenForCatalogChanges(url: string, onChange: () => void, logger: Logger) {
	let client: pg.Client | undefined
	let retry: NodeJS.Timeout | undefined
	let stopped = false
	const lost = (old: pg.Client, error?: unknown) => {
		if (client === old) client = undefined
		old.end().catch(() => {})
		if (stopped || retry) return
		logger.warn({ err: error }, 'catalogue change listener disconnected; trying again shortly')
		retry = setTimeout(() => {
			retry = undefined
			void connect()
		}, RECONNECT_MS)
		retry.unref()
	}
	const connect = async () => {
		const next = new pg.Client({ connectionString: url })
		next.on('notification', () => onChange())
		next.on('error', (error) => lost(next, error))
		next.on('end', () => lost(next))
		try {
			await next.connect()
			await next.query(`listen ${CATALOG_CHANNEL}`)
			client = next
			if (stopped) await next.end()
		} catch (error) {
			lost(next, error)
		}
	}
	const ready = connect()
	return {
		/** Resolves once the first attempt to listen has ended (tests wait for it). */
		ready,
		async close() {
			stopped = true
			clearTimeout(retry)
			await ready
			await client?.end().catch(() => {})
		},
	}
}
