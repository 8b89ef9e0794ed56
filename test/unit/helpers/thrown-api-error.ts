// The ApiError a synchronous call throws, for the unit tests of the client's checks.
import { ApiError } from '../../../src/main/api/call/errors'

/** The ApiError `fn` throws; any other throw passes through, and no throw fails the test. */
export function thrown(fn: () => unknown): ApiError {
  try {
    fn()
  } catch (e) {
    if (e instanceof ApiError) return e
    throw e
  }
  throw new Error('expected an ApiError')
}
