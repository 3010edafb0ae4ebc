/**
 * The long texts of each portfolio project, kept apart from app/data/portfolio.ts so the home
 * page's featured cards do not carry them in their JavaScript.
 */
export type PortfolioTestimonial = { content: string; author: string; rating: number }

export type ProjectStory = {
	/** Construction process, one paragraph per entry. */
	process: readonly string[]
	testimonial?: PortfolioTestimonial
}

export const PROJECT_STORIES: Record<string, ProjectStory> = {
	pond1: {
		process: [
			'The garden was a small walled patio in Inverness with no room to dig deep, so we went up instead: a raised pond 2.4 m by 1.6 m and 1.1 m deep, about 6,000 litres, with the top course at seating height.',
			'We laid a 150 mm reinforced concrete slab, then built a double skin of 100 mm dense blockwork and reclaimed red brick to match the house, tied together and capped with sawn sandstone coping.',
			'Inside, the blockwork was rendered and sealed with a fibreglass lining, so there are no liner folds for debris to collect in. A 4-inch bottom drain was cast into the slab before the walls went up.',
			'The drain feeds a gravity-fed box filter with brushes and K1 media, hidden behind a brick screen at the end of the pond. An 18 W UV clarifier keeps the water clear, and the return comes back through a wall inlet to set a gentle circular flow.',
			'We planted up the end pockets with dwarf irises and a hardy water lily, filled, dechlorinated and matured the filter over four weeks before the first koi went in.',
		],
		testimonial: {
			content:
				'Somewhere to sit with a cup of tea and watch the fish, right outside the back door. The brickwork matches the house so well that visitors think it has always been there.',
			author: 'Graham and Ailsa, Inverness',
			rating: 5,
		},
	},
	pond2: {
		process: [
			'A contemporary koi pond for a new-build garden in Aberdeen: 3.5 m by 2 m, 1.4 m deep, about 9,000 litres, with a 1.2 m toughened glass viewing panel set into the front wall.',
			'After excavating 600 mm below ground, we poured a reinforced base and built the walls in hollow concrete blocks filled with concrete and rebar, rendered smooth and finished in a dark grey.',
			'Two bottom drains and a skimmer feed a gravity-fed drum filter and a moving-bed chamber in a buried filter pit, with the pump and UV on the return. The drum cleans itself, so the weekly job is checking the waste line.',
			'The glass panel was bonded and sealed by a specialist after the render had cured, and the pond was water-tested for a week before the paving went down around it.',
		],
		testimonial: {
			content:
				'The glass panel is the best seat in the house — the children lie on the decking watching the koi. The filter system has been no trouble at all through two winters.',
			author: 'Ruth Cowie, Aberdeen',
			rating: 5,
		},
	},
	pond3: {
		process: [
			'Our biggest build of the year: a 12,000-litre raised koi pond in natural Perthshire stone, with a waterfall, planted margins and a filter house built to look like a garden store.',
			'We excavated to 800 mm, poured a reinforced slab with two bottom drains and a mid-water return, and built the walls in blockwork faced with random-coursed local stone, laid with lime mortar to match the garden walls.',
			'The inside was rendered and lined with a heavy-duty EPDM liner, fitted in one piece to avoid seams, with planting shelves around one end for marginal plants.',
			'The drains run by gravity to a sieve, then a three-chamber filter with brushes, Japanese matting and moving-bed media. A variable-speed pump sends the water back through a UV clarifier and over the waterfall.',
			'The waterfall was built from split stone on a liner spillway, so it runs quietly, and an air pump in the filter house feeds two air domes for oxygen on warm summer nights.',
			'Planting included water lilies, pickerel weed, marsh marigolds and a border of ferns, so the pond settles into the garden rather than sitting on top of it.',
		],
		testimonial: {
			content:
				'From the first drawings to the last plant, the team were a pleasure to have in the garden. The stonework is beautiful and the water has been crystal clear since the first month.',
			author: 'Douglas and Jean Ritchie, Perth',
			rating: 5,
		},
	},
	pond4: {
		process: [
			'A wildlife pond for a family in Dingwall who wanted frogs, newts and dragonflies rather than fish: roughly 4 m across with a shallow beach and a deep centre of 750 mm.',
			'We dug the shape by hand to protect tree roots, removed stones, and laid 50 mm of sand, a heavy underlay and a 1 mm butyl liner, with three shelves for different plants.',
			'There is no pump or filter: native oxygenating plants, a good mix of marginals and a pebble beach for animals to climb out do the work instead.',
			'Edging is local stone set on the liner and a strip of meadow planting, so the pond blends into the garden and wildlife has cover right to the water.',
		],
		testimonial: {
			content:
				'We had frogspawn the first spring and damselflies by the summer. Exactly what we hoped for.',
			author: 'The Munro family, Dingwall',
			rating: 4.5,
		},
	},
	pond5: {
		process: [
			'A formal rectangular pond for a walled courtyard in Edinburgh: 3 m by 1.2 m, 600 mm deep, with a stainless steel sheet-water blade at one end.',
			'Built in rendered blockwork on a concrete base, sealed with a liquid rubber membrane and finished with a slate coping to match the paving.',
			'A submersible pump with a pre-filter runs the water blade, and a small pressure filter with UV keeps the water clear for a few goldfish.',
		],
	},
	pond6: {
		process: [
			'A compact patio water feature for a retired couple in Elgin: a 900-litre preformed pond set into the existing paving with a bubbling ceramic urn beside it.',
			'We lifted the slabs, dug out and levelled a sand bed for the preformed shell, back-filled with soil and sand, and relaid the paving to overlap the rim.',
			'A small pump and pressure filter sit in a hidden chamber, and the whole job took two days.',
		],
		testimonial: {
			content: 'Tidy, quick and friendly. The sound of the urn is lovely on a summer evening.',
			author: 'Mr and Mrs Stephen, Elgin',
			rating: 5,
		},
	},
}
