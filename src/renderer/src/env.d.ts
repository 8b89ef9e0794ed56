import type { PaydeskApi } from '../../shared/ipc/contract'

declare global {
  interface Window {
    /** Provided by the preload (or the e2e harness); use lib/ipc-client.ts, never this directly. */
    readonly paydesk: PaydeskApi
  }
}

export {}
