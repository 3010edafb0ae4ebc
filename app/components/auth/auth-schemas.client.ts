/**
 * The sign-in forms' schemas, fetched when the visitor first touches a form (useSchemas). A
 * `.client` module: the server build drops it, so the server bundle, which imports the schemas
 * statically for the action, has no dynamic import of them to warn about at start-up (issue 34
 * item 8).
 */
export const loadAuthSchemas = () => import('~/lib/auth-forms')
