// What counts as a customer's e-mail address to look a customer up by (main checks it again at the
// channel). Pure TypeScript, no zod: the renderer's first screen imports it.

/** An e-mail address as the view accepts it: one @, no spaces, a dot in the domain. */
export const CUSTOMER_EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/
