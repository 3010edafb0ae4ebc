import { Form } from 'react-router'
import { RAW_VIEW_MONTHS } from '~/lib/analytics/pages'
import { STORED_PER_VIEW } from '~/lib/analytics/policy'

/** The privacy policy's account of visit counting, and the switch to object to it. */
export function VisitCounting({ message }: { message: string | undefined }) {
	return (
		<>
			<h3 id="visit-counting" className="font-display text-xl font-semibold text-pond-900">
				Exactly what we count
			</h3>
			<p>
				When a page of the shop (not your account, checkout or payment pages) is shown, and when you
				add a product to your cart, our server stores only:
			</p>
			<ul data-testid="stored-per-view">
				{STORED_PER_VIEW.map((field) => (
					<li key={field.column} data-column={field.column}>
						{field.text}
					</li>
				))}
			</ul>
			<p>
				An add to cart stores its time, the product's number and the same day's visitor key. We
				never store your IP address, your browser's details, your account, the rest of the web
				address (such as search words), or anything in your browser: no cookie and no local storage
				is used for counting. Your address and browser are held in our server's memory for at most a
				second, to make the visitor key, and then forgotten.
			</p>
			<p>
				Each page view is kept for {RAW_VIEW_MONTHS} months; after that only daily totals remain
				(how many visitors and views each page, product, referring site, campaign and kind of device
				had on each day), which cannot be linked to anyone. Orders, quotes, payments and enquiries
				are counted from our own order records, not from your browser.
			</p>
			<p>
				Search engines and other automated visitors are not counted. Nor is anyone whose browser
				sends a Global Privacy Control or Do Not Track signal. UK law allows this kind of anonymous
				counting without asking first, provided we tell you and you can object simply: use the
				switch below. Objecting sets one small cookie holding only your choice ('visit-count=off',
				kept for a year), because without it we could not remember that you objected; it is not used
				for anything else.
			</p>
			<Form method="post" className="mt-4 flex flex-wrap items-center gap-3" preventScrollReset>
				<button type="submit" name="counting" value="off" className="btn-secondary">
					Opt out of visit counting
				</button>
				<button type="submit" name="counting" value="on" className="btn-secondary">
					Count my visits again
				</button>
			</Form>
			{message ? (
				<p
					role="status"
					className="mt-3 rounded-lg bg-green-50 px-4 py-3 font-medium text-green-900"
				>
					{message}
				</p>
			) : null}
		</>
	)
}
