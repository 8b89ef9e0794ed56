/** The timers a store waits with: the window's in the app, a manual one in unit tests. */
export interface StoreTimers {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}
