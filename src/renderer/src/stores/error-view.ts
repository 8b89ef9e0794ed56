import type { ApiErrorView, LostWriteLookup } from '../../../shared/api-error'
import type { IpcErrorView } from '../../../shared/ipc/define'

/** An error as a screen shows it: what happened, the API's title/detail, the Inspector entry. */
export interface ErrorView {
  code: string
  message: string
  status: number | null
  title: string | null
  detail: string | null
  requestId: string | null
  /** A write whose answer was lost: what main says can be looked up (else null). */
  lookup: LostWriteLookup | null
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
      lookup: api?.lookup ?? null,
    }
  }
  return {
    code: 'internal',
    message: error instanceof Error ? error.message : String(error),
    status: null,
    title: null,
    detail: null,
    requestId: null,
    lookup: null,
  }
}

/** A readable one-line message for anything a call threw (ipc-client's IpcError included). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The IPC error view main sent (code, message, issues, the API's error) for anything a call threw;
 * read by shape like toErrorView. Anything else is an internal error with its message.
 */
export function toIpcErrorView(error: unknown): IpcErrorView {
  const view = (error as { view?: Partial<IpcErrorView> } | null)?.view
  if (error instanceof Error && typeof view?.code === 'string' && typeof view.message === 'string') {
    return view as IpcErrorView
  }
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) }
}
