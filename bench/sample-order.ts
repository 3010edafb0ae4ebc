// The order line the benches' generated orders hold (bench:admin, bench:jobs).
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
