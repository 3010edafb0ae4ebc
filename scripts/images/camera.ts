// A pinhole camera over a garden: the scene is laid out in metres and projected, so paving
// converges, far things shrink and pond outlines are foreshortened like in a real photograph.
// World axes: x to the right, y up, z away from the camera; the ground is y = 0.

export type Camera = ReturnType<typeof camera>

export function camera(options: {
	width: number
	height: number
	/** Eye height above the ground, in metres. */
	eye: number
	/** Downward tilt, in degrees. */
	pitch: number
	/** Horizontal field of view, in degrees. */
	fov: number
}) {
	const { width, height, eye } = options
	const pitch = (options.pitch * Math.PI) / 180
	const focal = width / 2 / Math.tan((options.fov * Math.PI) / 360)
	const [sin, cos] = [Math.sin(pitch), Math.cos(pitch)]

	/** Screen position and depth (distance along the view axis) of a world point. */
	const project = (x: number, y: number, z: number) => {
		const dy = y - eye
		const depth = Math.max(0.05, -dy * sin + z * cos)
		return {
			x: width / 2 + (focal * x) / depth,
			y: height / 2 - (focal * (dy * cos + z * sin)) / depth,
			depth,
		}
	}

	/** Pixels per metre for something at this depth. */
	const scale = (depth: number) => focal / depth

	/** Vertical squash of flat ground shapes at (x, z): 1 seen from above, near 0 at the horizon. */
	const squash = (x: number, z: number) => {
		const a = project(x, 0, z)
		const b = project(x, 0, z + 0.01)
		return Math.min(1, Math.abs(b.y - a.y) / 0.01 / scale(a.depth))
	}

	/** The ground point seen at a screen pixel, or undefined above the horizon. */
	const ground = (sx: number, sy: number) => {
		const xc = (sx - width / 2) / focal
		const yc = -(sy - height / 2) / focal
		const dir = [xc, yc * cos - sin, yc * sin + cos] as const
		if (dir[1] >= -1e-3) return undefined
		const t = eye / -dir[1]
		return { x: t * dir[0], z: t * dir[2] }
	}

	return {
		width,
		height,
		project,
		scale,
		squash,
		ground,
		horizon: height / 2 - focal * Math.tan(pitch),
	}
}
