// The order line the benches' generated orders hold (bench:admin, bench:jobs, bench:problem-reports),
// and the private links bench:after-sale and bench:problem-reports open their orders by.
import type { Db } from '~/.server/db/client'
import { orderLinks } from '~/.server/db/schema'
import { hashOrderLinkToken, newOrderLinkToken, ORDER_LINK_DAYS } from '~/.server/email/order-link'
import { sampleLine } from '../tests/support/factories'

/** One filter, priced as the demo catalogue prices it. */
export const BENCH_LINE = sampleLine({
	name: 'Oase BioSmart 6000 Pond Filter',
	originalName: 'Oase BioSmart 6000 Pond Filter',
	code: 'OA-BIOSMA-6000',
	price: '£128.99',
	unitPricePence: 12_899,
	supplierUrl: '',
	imageUrl: '',
})

/** A private link to `orderId`'s page, as an email would carry one (kind `bench`); its key. */
export async function benchOrderLink(db: Db, orderId: string) {
	const token = newOrderLinkToken()
	await db.insert(orderLinks).values({
		tokenHash: hashOrderLinkToken(token),
		orderId,
		expiresAt: new Date(Date.now() + ORDER_LINK_DAYS * 86_400_000),
		kind: 'bench',
	})
	return token
}
