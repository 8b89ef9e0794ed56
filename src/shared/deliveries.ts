// The shop's webhook calls of one object, as the Sandbox records them (docs/SANDBOX.md "Webhooks"):
// plain data that crosses IPC from main's payment and order reads to the views' timelines.

/** One webhook call series to the shop for an object, as the Sandbox records it. */
export interface DeliveryRecord {
  url: string
  state: 'delivering' | 'retrying' | 'delivered' | 'failed' | 'refused' | 'not-allowed'
  attempts: { at: string; status: number | null; error: string | null }[]
  nextAttemptAt: string | null
}
