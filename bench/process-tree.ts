import fs from 'node:fs'

export type ProcessSample = { pid: number; command: string; rssMb: number }

function allProcesses() {
	const list: Array<ProcessSample & { ppid: number }> = []
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		try {
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
			// After the command name (which may hold spaces): state, ppid, ...
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
			const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8')
			const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
			const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ')
			list.push({ pid: Number(entry), ppid, command, rssMb: Math.round(rssKb / 1024) })
		} catch {
			// The process ended between listing and reading.
		}
	}
	return list
}

/** `pid` and every process below it, each with its resident memory from /proc. */
export function processTree(pid: number): ProcessSample[] {
	const list = allProcesses()
	const tree = list.filter((p) => p.pid === pid)
	for (let i = 0; i < tree.length; i++) {
		tree.push(...list.filter((p) => p.ppid === tree[i]!.pid))
	}
	return tree.map(({ pid, command, rssMb }) => ({ pid, command, rssMb }))
}

/** RSS of `pid` and all its descendants (a server that re-executes itself runs as a child). */
export const treeRssMb = (pid: number) => processTree(pid).reduce((sum, p) => sum + p.rssMb, 0)

/** The serving process: the largest `server.js` process in the tree (not its small wrapper). */
const serverProcess = (pid: number) =>
	processTree(pid)
		.filter((p) => p.command.includes('server.js'))
		.sort((a, b) => b.rssMb - a.rssMb)[0]

/** The serving process's RSS. */
export const serverRssMb = (pid: number) => serverProcess(pid)?.rssMb ?? 0

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux everywhere that matters). */
const TICKS_PER_SECOND = 100

/**
 * CPU time (user + system, all threads) that `pid` and its descendants have used so far, in ms:
 * the server's own cost of a load, whatever else the machine is doing.
 */
export function treeCpuMs(pid: number) {
	return processTree(pid).reduce((sum, p) => sum + cpuMs(`/proc/${p.pid}/stat`), 0)
}

/** User + system CPU time in ms from a process's or thread's stat file; 0 once it has ended. */
function cpuMs(statFile: string) {
	try {
		const stat = fs.readFileSync(statFile, 'utf8')
		// utime and stime are fields 14 and 15: the 12th and 13th after the command name.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
	} catch {
		return 0
	}
}

/**
 * CPU time so far of each of the serving process's threads, in ms, by thread id: the serving
 * thread (the one that answers requests, whose id is the process's) apart from the others (the
 * embedded database's, V8's compiler and collector helpers, libuv's pool). Node names them all
 * 'node', so a thread is told by its id and by what it uses.
 */
export function serverThreadsCpuMs(pid: number) {
	const server = serverProcess(pid)
	if (!server) return []
	return fs.readdirSync(`/proc/${server.pid}/task`).map((tid) => ({
		tid: Number(tid),
		serving: Number(tid) === server.pid,
		ms: cpuMs(`/proc/${server.pid}/task/${tid}/stat`),
	}))
}

/** The serving thread's CPU time so far, and all its other threads' together, in ms. */
export function serverThreadCpuMs(pid: number) {
	const threads = serverThreadsCpuMs(pid)
	const sum = (list: typeof threads) => list.reduce((total, t) => total + t.ms, 0)
	return {
		main: sum(threads.filter((t) => t.serving)),
		others: sum(threads.filter((t) => !t.serving)),
	}
}
