import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { OutgoingEmail } from './business-mail'

export type MailAttachment = { filename: string; content: Buffer; contentType: string }

export type MailTransport = {
	send(email: OutgoingEmail, attachments?: MailAttachment[]): Promise<void>
	close(): void
}

/**
 * SMTP when SMTP_URL is set; otherwise each email becomes one RFC 822 .eml file in
 * DATA_DIR/outbox — what a developer (or a test) opens to follow a reset link. The sender comes
 * with each email (business-mail.ts), as the owner may change it between two.
 */
export function createMailTransport({
	smtpUrl,
	outboxDir,
}: {
	smtpUrl?: string
	outboxDir: string
}): MailTransport {
	const message = (email: OutgoingEmail, attachments: MailAttachment[] = []) => ({
		from: email.from,
		to: email.to,
		subject: email.subject,
		text: email.text,
		html: email.html,
		headers: { ...email.headers, 'X-Outbox-Id': email.id },
		messageId: `<${email.id}@koi-shop>`,
		attachments,
	})
	if (smtpUrl) {
		const transporter = nodemailer.createTransport(smtpUrl)
		return {
			async send(email, attachments) {
				await transporter.sendMail(message(email, attachments))
			},
			close: () => transporter.close(),
		}
	}
	const streamer = nodemailer.createTransport({
		streamTransport: true,
		buffer: true,
		newline: 'unix',
	})
	return {
		async send(email, attachments) {
			const info = await streamer.sendMail(message(email, attachments))
			// Owner-only: these files hold customers' addresses and reset links.
			await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 })
			const stamp = email.createdAt.toISOString().replace(/[:.]/g, '-')
			await fs.writeFile(
				path.join(outboxDir, `${stamp}-${email.kind}-${email.id}.eml`),
				info.message as Buffer,
				{ mode: 0o600 },
			)
		},
		close: () => streamer.close(),
	}
}

/** Where the file transport writes, under DATA_DIR. */
export const outboxDirFor = (dataDir: string) => path.resolve(dataDir, 'outbox')

/** Removes the .eml files of these outbox rows (account deletion); missing files are fine. */
export async function removeEmlFiles(outboxDir: string, ids: string[]) {
	if (ids.length === 0) return
	const wanted = new Set(ids.map((id) => `-${id}.eml`))
	const files = await fs.readdir(outboxDir).catch(() => [] as string[])
	for (const file of files) {
		if (wanted.has(file.slice(file.length - 41)))
			await fs.rm(path.join(outboxDir, file), { force: true })
	}
}
