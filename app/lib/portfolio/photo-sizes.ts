/** Gallery photo widths and formats, shared by the image generator and the gallery. */
export const GALLERY_WIDTHS = [160, 480, 960, 1280] as const
export const GALLERY_FORMATS = ['avif', 'webp', 'jpg'] as const
/** AVIF is made only for the sizes phones and laptops load first (it is slow to encode). */
export const AVIF_WIDTHS = [480, 960] as const
export const GALLERY_SIZE = { width: 1280, height: 960 } as const
