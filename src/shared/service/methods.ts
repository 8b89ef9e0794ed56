// READ/WRITE class of an HTTP method (spec 8.1.4): rate-limit quotas are per class. Both sides use
// it: the sandbox's server-side buckets and the client's learned buckets.

export type RequestClass = 'read' | 'write'

/** Spec 8.1.4: GET/HEAD/OPTIONS are READ; POST/PUT/PATCH/DELETE (and anything else) WRITE. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

export function requestClassOf(method: string): RequestClass {
  return READ_METHODS.has(method.toUpperCase()) ? 'read' : 'write'
}
