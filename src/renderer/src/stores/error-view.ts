import type { ApiErrorView } from '../../../shared/api-error'

/** An error as a screen shows it: what happened, the API's title/detail, the Inspector entry. */
export interface ErrorView {
  code: string
  message: string
  status: number | null
  title: string | null
  detail: string | null
  requestId: string | null
}

/**
 * The view of anything a call threw. An IPC failure (ipc-client's IpcError) carries `code` and
 * `view` with the API's error; read by shape, so stores that use this stay free of the DOM bridge.
 */
export function toErrorView(error: unknown): ErrorView {
  const ipc = error as { code?: unknown; view?: { api?: Partial<ApiErrorView> } } | null
  if (error instanceof Error && typeof ipc?.code === 'string' && ipc.view !== undefined) {
    const api = ipc.view.api
    return {
      code: ipc.code,
      message: error.message,
      status: api?.status ?? null,
      title: api?.title ?? null,
      detail: api?.detail ?? null,
      requestId: api?.requestId ?? null,
    }
  }
  return {
    code: 'internal',
    message: error instanceof Error ? error.message : String(error),
    status: null,
    title: null,
    detail: null,
    requestId: null,
  }
}
