/** A case-insensitive substring pattern for ILIKE in which `%`, `_` and `\` are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
