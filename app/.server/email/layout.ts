import { latestBusinessDetails } from '~/.server/business/details'

/** Escapes text for HTML; every value from a user or the database goes through it. */
export function escapeHtml(value: string) {
	return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export type EmailBlock =
	| { type: 'p'; text: string }
	/** A sentence ending in a link on its last words: 'Tracking reference: <a>AB123</a>.' */
	| { type: 'link'; before: string; text: string; href: string; after?: string }
	| { type: 'button'; text: string; href: string }
	| { type: 'table'; rows: Array<[string, string]> }

/** One simple, table-free layout that mail clients render well; the text version mirrors it. */
export function renderEmail(heading: string, blocks: EmailBlock[]) {
	const html = blocks
		.map((block) => {
			if (block.type === 'p')
				return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.text)}</p>`
			if (block.type === 'link')
				return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.before)}<a href="${escapeHtml(block.href)}" style="color:#a04a14">${escapeHtml(block.text)}</a>${escapeHtml(block.after ?? '')}</p>`
			if (block.type === 'button') {
				return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="background:#a04a14;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(block.text)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or copy this link: ${escapeHtml(block.href)}</p>`
			}
			return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px">${block.rows
				.map(
					([a, b]) =>
						`<tr><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0">${escapeHtml(a)}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap">${escapeHtml(b)}</td></tr>`,
				)
				.join('')}</table>`
		})
		.join('\n')
	const text = blocks
		.map((block) => {
			if (block.type === 'p') return block.text
			if (block.type === 'link')
				return `${block.before}${block.text}${block.after ?? ''} (${block.href})`
			if (block.type === 'button') return `${block.text}: ${block.href}`
			return block.rows.map(([a, b]) => `${a}  ${b}`).join('\n')
		})
		.join('\n\n')
	const business = latestBusinessDetails()
	const footer = `${business.tradingName} · ${business.phone} · ${business.email}`
	return {
		html: `<!doctype html><html lang="en-GB"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b"><div style="max-width:600px;margin:0 auto;padding:24px"><div style="background:#12384d;color:#fff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold">${escapeHtml(business.tradingName)}</div><div style="background:#fff;padding:24px;border-radius:0 0 8px 8px"><h1 style="font-size:22px;margin:0 0 16px;color:#12384d">${escapeHtml(heading)}</h1>${html}</div><p style="font-size:12px;color:#64748b;text-align:center;margin-top:16px">${escapeHtml(footer)}</p></div></body></html>`,
		text: `${heading}\n\n${text}\n\n--\n${footer}\n`,
	}
}

/**
 * A staff email's link to a back-office page, through sign-in (issue 34 item 2): signed out, the
 * admin guard sends visitors home, so the link asks for sign-in and comes back to the page.
 */
export function staffLink(siteUrl: string, path: `/admin${string}`) {
	return `${siteUrl}/auth?redirectTo=${encodeURIComponent(path).replaceAll('%2F', '/')}`
}
