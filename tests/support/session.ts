import type { TestApp } from './app'

/** A tiny cookie jar: enough for one signed-in (or not) browser against a test app. */
export class TestClient {
	cookies = new Map<string, string>()
	constructor(private readonly app: TestApp) {}

	async request(path: string, init: RequestInit = {}) {
		const headers = new Headers(init.headers)
		if (this.cookies.size)
			headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
		if (init.method && init.method !== 'GET') headers.set('origin', this.app.url)
		const res = await this.app.request(path, { ...init, headers })
		for (const line of res.headers.getSetCookie()) {
			const [pair] = line.split(';')
			const index = pair!.indexOf('=')
			const name = pair!.slice(0, index)
			const value = pair!.slice(index + 1)
			if (!value || /max-age=0/i.test(line)) this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
		return res
	}

	/** Posts a form the way a browser without JavaScript would. */
	post(path: string, fields: Record<string, string>) {
		return this.request(path, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields).toString(),
		})
	}

	async register(
		email: string,
		password = 'correct horse battery',
		names = { firstName: 'Ann', lastName: 'Tester' },
	) {
		return this.post('/auth', {
			intent: 'register',
			...names,
			email,
			password,
			confirmPassword: password,
		})
	}
}
