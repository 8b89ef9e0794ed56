// Typed client of the sandbox admin API, for tests of other modules (fault injection, quotas,
// counters). Plain fetch; no dependency on the rest of the sandbox at runtime.
import type { FaultSpec } from './faults'
import type { Quota } from './rate-limit'

interface SandboxStats {
  orders: number
  payments: number
  customers: number
  requests: number
  /** Idempotency-Keys whose first request is still being processed */
  idempotencyInFlight: number
  ordersByNumber: Record<string, number>
}

interface FaultListing extends FaultSpec {
  id: string
  remaining?: number
  hits: number
}

export interface SandboxAdmin {
  addFault(fault: FaultSpec): Promise<{ id: string }>
  listFaults(): Promise<FaultListing[]>
  clearFaults(): Promise<void>
  setQuotas(quotas: { mode?: 'test' | 'live'; read?: Quota; write?: Quota }): Promise<void>
  resetBuckets(): Promise<void>
  stats(): Promise<SandboxStats>
  paymentIds(mode?: 'test' | 'live', sort?: 'asc' | 'desc'): Promise<string[]>
  /** the sandbox clock (docs/SANDBOX.md "The sandbox clock") */
  clock(): Promise<ClockReading>
  /** moves the clock forward by seconds, or to an ISO 8601 moment; runs what became due */
  advanceClock(move: { advanceSeconds: number } | { to: string }): Promise<ClockReading>
  /** opens a chargeback on a paid payment (default: what remains of it) */
  openChargeback(paymentId: string, amount?: { currency: string; value: string }): Promise<{ id: string }>
  reverseChargeback(chargebackId: string): Promise<{ id: string; reversedAt: string | null }>
  /** a processing refund fails (https://docs.mollie.com/payments/refunds: e.g. the account was closed) */
  failRefund(refundId: string): Promise<{ id: string; status: string }>
  /** the webhook delivery log (docs/SANDBOX.md "Webhooks"), all or for one object */
  webhookDeliveries(objectId?: string): Promise<WebhookDelivery[]>
}

import type { WebhookDelivery } from './context'

interface ClockReading {
  /** the sandbox's present as the service writes timestamps */
  now: string
  nowMs: number
  offsetMs: number
  /** scheduled changes still waiting */
  due: number
}

export function createSandboxAdmin(origin: string, adminToken: string): SandboxAdmin {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`sandbox admin ${method} ${path} → ${response.status}: ${text}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
  return {
    addFault: (fault) => call('POST', '/__admin/faults', fault),
    listFaults: async () => (await call<{ faults: FaultListing[] }>('GET', '/__admin/faults')).faults,
    clearFaults: () => call('DELETE', '/__admin/faults'),
    setQuotas: async (quotas) => {
      await call('PUT', '/__admin/quotas', quotas)
    },
    resetBuckets: () => call('POST', '/__admin/reset-buckets'),
    stats: () => call('GET', '/__admin/stats'),
    paymentIds: async (mode = 'test', sort = 'desc') =>
      (await call<{ ids: string[] }>('GET', `/__admin/payments?mode=${mode}&sort=${sort}`)).ids,
    clock: () => call('GET', '/__admin/clock'),
    advanceClock: (move) => call('POST', '/__admin/clock', move),
    openChargeback: (paymentId, amount) =>
      call('POST', '/__admin/chargebacks', amount === undefined ? { paymentId } : { paymentId, amount }),
    webhookDeliveries: async (objectId) =>
      (
        await call<{ deliveries: WebhookDelivery[] }>(
          'GET',
          `/__admin/webhooks${objectId === undefined ? '' : `?objectId=${encodeURIComponent(objectId)}`}`,
        )
      ).deliveries,
    reverseChargeback: (id) => call('POST', `/__admin/chargebacks/${encodeURIComponent(id)}/reverse`),
    failRefund: (id) => call('POST', `/__admin/refunds/${encodeURIComponent(id)}/fail`),
  }
}

interface CheckoutResult {
  status: number
  /** where the customer is sent next (303), if anywhere */
  location: string | null
  html: string
}

/**
 * Chooses an outcome on a payment's checkout page the way a customer's browser does: loads the page,
 * then submits its form (with the token the page carries). For tests and scripts.
 */
/** `extra`: more form fields, e.g. `{ failureReason: 'insufficient_funds' }` with outcome `failed`. */
export async function completeCheckout(
  checkoutUrl: string,
  outcome: string,
  extra: Record<string, string> = {},
): Promise<CheckoutResult> {
  const page = await fetch(checkoutUrl)
  const html = await page.text()
  // A payment that is no longer open has no form: post without a token, as a stale tab would not.
  const token = /name="token" value="([^"]*)"/.exec(html)?.[1]
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(token === undefined ? { outcome, ...extra } : { token, outcome, ...extra }).toString(),
    redirect: 'manual',
  })
  return { status: response.status, location: response.headers.get('location'), html: await response.text() }
}
