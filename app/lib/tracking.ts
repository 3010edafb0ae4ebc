/**
 * Where a customer can follow their delivery (issue 30 item 2). Staff type the carrier freely in
 * the admin ship form ('Carrier (optional)', up to 60 characters) and the reference beside it, so
 * a carrier is recognised by the words in its name: 'Royal Mail Tracked 24', 'DPD Local',
 * 'Hermes' (Evri's old name), 'our van'. Carriers' own tracking pages, checked November 2026;
 * the pallet networks have no page that takes a reference in the address, so theirs is the
 * network's site and the customer quotes the reference there.
 */
export type Carrier = {
	name: string
	/** Lower-case words any of which names this carrier in what staff typed. */
	match: RegExp
	/** The tracking page for a reference; null when the reference is typed on the carrier's site. */
	url: ((reference: string) => string) | null
	/** The carrier's own site when `url` is null (pallet networks). */
	site?: string
	ownVan?: true
}

const q = encodeURIComponent

export const CARRIERS: readonly Carrier[] = [
	{
		name: 'Parcelforce',
		match: /\bparcel\s*force\b/,
		url: (r) => `https://www.parcelforce.com/track-trace?trackNumber=${q(r)}`,
	},
	{
		name: 'Royal Mail',
		match: /\broyal\s*mail\b|^rm\b/,
		url: (r) => `https://www.royalmail.com/track-your-item#/tracking-results/${q(r)}`,
	},
	{
		name: 'DPD Local',
		match: /\bdpd\s*local\b/,
		url: (r) => `https://www.dpdlocal.co.uk/apps/tracking/?reference=${q(r)}`,
	},
	{ name: 'DPD', match: /\bdpd\b/, url: (r) => `https://track.dpd.co.uk/parcels/${q(r)}` },
	{
		name: 'DHL',
		match: /\bdhl\b/,
		url: (r) =>
			`https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${q(r)}`,
	},
	{
		name: 'UPS',
		match: /\bups\b/,
		url: (r) => `https://www.ups.com/track?loc=en_GB&tracknum=${q(r)}`,
	},
	{
		name: 'Evri',
		match: /\bevri\b|\bhermes\b/,
		url: (r) => `https://www.evri.com/track/parcel/${q(r)}/details`,
	},
	{ name: 'Yodel', match: /\byodel\b/, url: (r) => `https://www.yodel.co.uk/track/${q(r)}` },
	{
		name: 'Palletways',
		match: /\bpalletways\b/,
		url: null,
		site: 'https://www.palletways.com/',
	},
	{ name: 'Pall-Ex', match: /\bpall\s*-?\s*ex\b/, url: null, site: 'https://www.pallex.co.uk/' },
	{
		name: 'Palletforce',
		match: /\bpallet\s*force\b/,
		url: null,
		site: 'https://www.palletforce.com/',
	},
	{
		name: 'our own van',
		match: /\b(our|own|company|shop)\s+(own\s+)?van\b|^van$|\bhand\s*deliver|\bin[- ]house\b/,
		url: null,
		ownVan: true,
	},
]

export type Tracking = {
	/** The carrier as the customer reads it: the known name, or what staff typed. */
	carrierName: string | null
	reference: string | null
	/** A page showing this parcel; null for our own van, an unknown carrier or no reference. */
	url: string | null
	/** For a pallet network: its site, where the customer quotes the reference. */
	site: string | null
	ownVan: boolean
}

export function carrierFor(typed: string | null | undefined): Carrier | undefined {
	const text = (typed ?? '').trim().toLowerCase()
	if (!text) return undefined
	return CARRIERS.find((carrier) => carrier.match.test(text))
}

/** What the order page shows for a shipment, from the ship form's two free-text fields. */
export function trackingFor(
	carrier: string | null | undefined,
	reference: string | null | undefined,
): Tracking {
	const known = carrierFor(carrier)
	const ref = (reference ?? '').trim() || null
	const typed = (carrier ?? '').trim() || null
	return {
		carrierName: known?.name ?? typed,
		reference: ref,
		url: known?.url && ref ? known.url(ref.replace(/\s+/g, '')) : null,
		site: known?.site ?? null,
		ownVan: Boolean(known?.ownVan),
	}
}
