// The demo catalogue's rows, category by category (generate-demo.ts writes them to
// catalog/products.csv). Deterministic: the same rows on every run.

export type DemoRow = {
	name: string
	code: string
	vendor: string
	category: string
	price: string
	sizes?: string[]
	options?: Array<[string, string]>
	originalName?: string
}

/** Shop-style prices: £174.15 → £173.99; small amounts keep their pence. */
const money = (n: number) => (n >= 20 ? Math.round(n) - 0.01 : Math.round(n * 100) / 100).toFixed(2)
export const slug = (s: string) =>
	s
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
export const rows: DemoRow[] = []

// Filters: box, pressure and drum filters, UV clarifiers and media.
const filterModels: Array<[string, string, string, number]> = [
	['Oase', 'BioSmart', 'Pond Filter', 129],
	['Oase', 'FiltoClear', 'Pressure Filter', 269],
	['Oase', 'BioTec ScreenMatic', 'Filter', 449],
	['Evolution Aqua', 'Nexus Eazy', 'Filter System', 899],
	['Evolution Aqua', 'EAZY Pod', 'Filter', 399],
	['Blagdon', 'Inpond 5-in-1', 'Filter', 89],
	['Blagdon', 'Minipond', 'Filter', 59],
	['Hozelock', 'Bioforce Revolution', 'Pressure Filter', 179],
	['Hozelock', 'Ecocel', 'Filter', 149],
	['Yamitsu', 'Drum Filter', 'Gravity Fed', 1650],
	['Aquaforte', 'Tricell', 'Moving Bed Filter', 499],
	['Cloverleaf', 'Bio Blue', 'Box Filter', 239],
]
const filterSizes = ['6000', '9000', '12000', '18000', '30000']
for (const [vendor, model, kind, base] of filterModels) {
	const count = kind === 'Gravity Fed' ? 2 : 4
	for (let i = 0; i < count; i++) {
		const size = filterSizes[i]!
		rows.push({
			name: `${vendor} ${model} ${size} ${kind}`,
			code: `${vendor.slice(0, 2).toUpperCase()}-${slug(model).slice(0, 6).toUpperCase()}-${size}`,
			vendor,
			category: 'filters',
			price: money(base * (1 + i * 0.35)),
			options:
				i === 1
					? [
							['Standard', money(base * 1.35)],
							['With 18 W UV', money(base * 1.35 + 55)],
						]
					: undefined,
		})
	}
}
const uvs: Array<[string, string, number]> = [
	['Oase', 'Bitron Eco UV Clarifier', 189],
	['Evolution Aqua', 'Evolution UV Clarifier', 159],
	['Hozelock', 'Vorton UVC', 99],
	['Blagdon', 'Pro UVC Clarifier', 85],
	['Cloverleaf', 'Amalgam UV', 175],
]
for (const [vendor, name, base] of uvs) {
	for (const watts of ['18 W', '36 W', '55 W']) {
		rows.push({
			name: `${vendor} ${name} ${watts}`,
			code: `${vendor.slice(0, 2).toUpperCase()}-UV${watts.replace(/\D/g, '')}-${slug(name).slice(0, 3).toUpperCase()}`,
			vendor,
			category: 'filters',
			price: money(base + Number(watts.replace(/\D/g, '')) * 1.6),
		})
	}
}
const media: Array<[string, string, number]> = [
	['Evolution Aqua', 'K1 Micro Filter Media 50 L', 89.99],
	['Evolution Aqua', 'Matala Filter Mat (Black, Coarse)', 34.99],
	['Cloverleaf', 'Japanese Matting 1 m × 1.2 m', 29.99],
	['Oase', 'Replacement Filter Foam Set', 24.99],
	['Hozelock', 'Bioforce Foam Pack', 19.99],
	['Nexus', 'Bio Ceramic Rings 10 kg', 39.99],
	['Blagdon', 'Filter Sponge Blue (Fine)', 12.49],
	['Aquaforte', 'Brush Set for Settlement Chamber', 44.99],
]
for (const [vendor, name, price] of media) {
	rows.push({
		name: `${vendor} ${name}`,
		code: `MED-${slug(name).slice(0, 8).toUpperCase()}`,
		vendor,
		category: 'filters',
		price: money(price),
		sizes:
			name.includes('Foam') || name.includes('Sponge') ? ['Small', 'Medium', 'Large'] : undefined,
	})
}

// Pipe fittings: well over 60 rows so the category pages and their ellipses are exercised.
const fittingTypes: Array<[string, number]> = [
	['Solvent Weld 90° Elbow', 2.1],
	['Solvent Weld 45° Elbow', 2.3],
	['Solvent Weld Equal Tee', 3.2],
	['Solvent Weld Straight Coupler', 1.6],
	['Solvent Weld Ball Valve', 12.5],
	['Solvent Weld Socket Union', 9.8],
	['Hose Tail Adaptor', 3.9],
	['Reducing Bush', 2.4],
	['Tank Connector', 7.5],
	['Non-Return Valve', 18.5],
	['Slide Valve', 34],
	['Flexible Pressure Hose (per metre)', 6.5],
	['PVC Solvent Cement 250 ml', 11.99],
	['Pipe Clip', 0.9],
]
const pipeSizes = ['1/2 inch', '3/4 inch', '1 inch', '1.5 inch', '2 inch', '110 mm']
const fittingVendors = ['Certikin', 'Cepex', 'Aquaforte', 'Hozelock', 'Pipeline Direct']
let fittingNo = 0
for (const [type, base] of fittingTypes) {
	const perType = type.includes('Cement') || type.includes('Clip') ? 2 : 5
	for (let i = 0; i < perType; i++) {
		fittingNo++
		const vendor = fittingVendors[(fittingNo + i) % fittingVendors.length]!
		const size = pipeSizes[i]!
		const withSizes = fittingNo % 4 === 0
		rows.push({
			name: withSizes ? `${vendor} ${type}` : `${vendor} ${type} ${size}`,
			code: `FT-${String(1000 + fittingNo)}`,
			vendor,
			category: 'fittings',
			price:
				fittingNo % 23 === 0
					? 'Price not available'
					: `${fittingNo % 3 === 0 ? '£' : ''}${money(base * (1 + i * 0.45))}`,
			sizes: withSizes ? pipeSizes.slice(0, 4) : undefined,
			originalName: `${type.toUpperCase()} ${size.toUpperCase()} (${vendor.toUpperCase()})`,
		})
	}
}

// Water pumps.
const pumpModels: Array<[string, string, number, number]> = [
	['Oase', 'AquaMax Eco Premium', 239, 6000],
	['Oase', 'AquaMax Eco Classic', 159, 3500],
	['Evolution Aqua', 'Varipump', 429, 8000],
	['Blagdon', 'Minipond Pump', 39, 700],
	['Blagdon', 'Amphibious Pump', 109, 4000],
	['Hozelock', 'Aquaforce', 129, 2500],
	['Hozelock', 'Cascade Fountain Pump', 49, 1500],
	['Sunsun', 'CTP Eco Pump', 99, 5000],
	['Yamitsu', 'Eco Flow Pump', 189, 10000],
	['Aquaforte', 'DM Vario Pump', 289, 20000],
]
for (const [vendor, model, base, flow] of pumpModels) {
	for (let i = 0; i < 5; i++) {
		const litres = flow * (1 + i * 0.5)
		rows.push({
			name: `${vendor} ${model} ${Math.round(litres)}`,
			code: `PU-${slug(model).slice(0, 4).toUpperCase()}-${String(Math.round(litres)).padStart(5, '0')}`,
			vendor,
			category: 'pumps',
			price: vendor === 'Yamitsu' && i === 4 ? 'Price not available' : money(base * (1 + i * 0.3)),
			sizes: i === 0 || i === 2 ? ['5 m cable', '10 m cable'] : undefined,
			options:
				i === 2
					? [
							['Pump only', money(base * 1.6)],
							['With fountain kit', money(base * 1.6 + 29)],
							...(model.includes('Varipump')
								? ([['With controller', 'POA']] as Array<[string, string]>)
								: []),
						]
					: undefined,
		})
	}
}

// Air pumps, air stones and airline.
const airModels: Array<[string, string, number]> = [
	['Hailea', 'ACO Air Pump', 39],
	['Blagdon', 'Koi Air Pump', 89],
	['Evolution Aqua', 'Airtech Air Pump', 129],
	['Oase', 'OxyMax Air Pump', 59],
	['Sunsun', 'HJB Air Pump', 49],
	['Aquaforte', 'V-Series Air Pump', 169],
]
const airFlows = ['20 L/min', '40 L/min', '60 L/min', '80 L/min', '120 L/min']
for (const [vendor, model, base] of airModels) {
	for (let i = 0; i < 5; i++) {
		rows.push({
			name: `${vendor} ${model} ${airFlows[i]}`,
			code: `AP-${vendor.slice(0, 2).toUpperCase()}${airFlows[i]!.replace(/\D/g, '')}`,
			vendor,
			category: 'air_pumps',
			price: money(base * (1 + i * 0.4)),
			options:
				i === 3
					? [
							['Air pump only', money(base * 2.2)],
							['With 4 air stones and 20 m airline', money(base * 2.2 + 24.99)],
						]
					: undefined,
		})
	}
}
for (const [name, price] of [
	['Evolution Aqua Air Dome 150 mm', 24.99],
	['Bubble Air Stone Cylinder 100 mm', 4.99],
	['Silicone Airline 4 mm (per metre)', 0.89],
	['Heavy-Duty Airline 12 mm (per metre)', 2.49],
	['Brass Air Manifold 4-Way', 17.99],
	['Air Pump Diaphragm Service Kit', 14.99],
	['Anti-Siphon Check Valve', 3.49],
	['Air Pump Housing (Weatherproof)', 79.99],
] as const) {
	rows.push({
		name,
		code: `AS-${String(rows.length).padStart(4, '0')}`,
		vendor: name.startsWith('Evolution') ? 'Evolution Aqua' : 'Hailea',
		category: 'air_pumps',
		price: money(price),
		sizes: name.includes('Airline') ? ['10 m', '25 m', '50 m'] : undefined,
	})
}

// Showers, skimmers and trickle towers.
const skimmerModels: Array<[string, string, number]> = [
	['Oase', 'SwimSkim 25 Surface Skimmer', 149],
	['Oase', 'AquaSkim Floating Skimmer', 99],
	['Blagdon', 'Surface Skimmer', 79],
	['Evolution Aqua', 'Wall Skimmer', 189],
	['Aquaforte', 'Floating Skimmer', 119],
	['Yamitsu', 'Filter Shower Tower', 329],
	['Cloverleaf', 'Trickle Tower', 279],
	['Certikin', 'Skimmer Basket Assembly', 45],
]
for (const [vendor, model, base] of skimmerModels) {
	for (let i = 0; i < 4; i++) {
		const variant = ['', ' Mk II', ' Pro', ' XL'][i]!
		rows.push({
			name: `${vendor} ${model}${variant}`,
			code: `SK-${slug(vendor).slice(0, 3).toUpperCase()}${String(100 + rows.length)}`,
			vendor,
			category: 'skimmers',
			price:
				i === 3 && vendor === 'Certikin' ? 'Price not available' : money(base * (1 + i * 0.25)),
			sizes: model.includes('Tower') ? ['3 tier', '4 tier', '5 tier'] : undefined,
		})
	}
}
