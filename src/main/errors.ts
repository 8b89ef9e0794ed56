// Errors main's services and search throw for the person to read, and how any error is shown to
// them (the view the IPC dispatcher sends). Kept below the services so they need not import the
// transport (main/ipc/).
import type { IpcErrorCode, IpcErrorView } from '../shared/ipc/define'

/**
 * An error a handler throws on purpose, with a message meant for the user. Anything else a
 * handler throws is reported as `internal` with a generic message, so stack traces, paths or a
 * secret inside an unexpected error can never reach the renderer.
 */
export class UserFacingError extends Error {
  constructor(
    readonly code: Exclude<IpcErrorCode, 'internal'>,
    message: string,
    readonly extra: Pick<IpcErrorView, 'api' | 'issues'> = {},
  ) {
    super(message)
    this.name = 'UserFacingError'
  }
}

/** Errors that know how to present themselves (the API client's ApiError does). */
interface ViewableError {
  toIpcError(): IpcErrorView
}

function isViewable(error: unknown): error is ViewableError {
  return typeof error === 'object' && error !== null && typeof (error as ViewableError).toIpcError === 'function'
}

export function toIpcError(error: unknown): IpcErrorView {
  if (error instanceof UserFacingError) return { code: error.code, message: error.message, ...error.extra }
  if (isViewable(error)) return error.toIpcError()
  return { code: 'internal', message: 'Something went wrong inside Paydesk. The details were written to the log.' }
}
