// Spec 7: the error body every failed request carries, and its media type.

interface ServiceLink {
  href: string
  type: string
}

/** Spec 7: the error body. */
export interface ApiErrorBody {
  status: number
  title: string
  detail: string
  /** The request field at fault (dotted path, `lines.0.vatAmount`), when there is one. */
  field?: string
  _links?: { documentation?: ServiceLink }
}

/** Responses (errors included) are HAL JSON. */
export const HAL_JSON = 'application/hal+json'

/** The `title` the service gives each status. */
const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? 'Error'
}
