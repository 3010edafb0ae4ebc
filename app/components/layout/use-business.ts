import { useRouteLoaderData } from 'react-router'
import { DEMO_BUSINESS_DETAILS, phoneHref } from '~/lib/business'
import type { BusinessDetails } from '~/lib/business-details'

type Details = BusinessDetails & { phoneHref: string }

/**
 * The business details in force (/admin/settings) from the root loader's data, for pages' own
 * 'call us' lines. Not for the root's header and footer (root passes them down), so this module
 * is never part of the home page's scripts.
 */
export function useBusiness(): Details {
	const business = (useRouteLoaderData('root') as { business?: Details } | undefined)?.business
	return business ?? { ...DEMO_BUSINESS_DETAILS, phoneHref: phoneHref(DEMO_BUSINESS_DETAILS.phone) }
}
