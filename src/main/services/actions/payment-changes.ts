import type { Metadata, Payment, UpdatePaymentRequest } from '../../../shared/api-types'
import type { ActionResult } from '../../../shared/ipc/actions'
import { METADATA_MAX_BYTES, metadataByteLength } from '../../../shared/order-rules'
import { cancelPaymentBlocker, updateBlocker } from '../../../shared/payment-writes'
import { UserFacingError } from '../../errors'
import { withCallbacks } from '../live-write-guard'
import {
  customerName,
  freshPayment,
  livePrompt,
  money,
  originOf,
  refuse,
  unkeyedWrite,
  type ActionsContext,
} from './context'
import type { ActionsService, View } from './types'

export async function cancelPayment(
  ctx: ActionsContext,
  { paymentId, ticket, from }: { paymentId: string; ticket?: string; from?: View },
): Promise<ActionResult & { payment: Payment }> {
  const { connections } = ctx.options
  const connection = await connections.activeConnection()
  const client = await connections.getActiveClient()
  const payment = await freshPayment(client, paymentId, from, 'cancel')
  refuse(cancelPaymentBlocker(payment))
  await livePrompt(ctx, connection, {
    action: 'Cancel a payment',
    amount: money(payment.amount),
    reference: `${payment.description} (${payment.id})`,
    customer: customerName(payment.billingAddress),
    orderId: payment.orderId,
  })
  // No Idempotency-Key: the service ignores it on DELETE; the client reads before any resend.
  const { value, requestId } = await unkeyedWrite(
    ctx,
    {
      action: 'cancel',
      object: { kind: 'payment', id: paymentId },
      amount: payment.amount,
      ticket: ticket ?? null,
      reason: null,
      words: `Cancel of payment ${paymentId}`,
    },
    () => client.cancelPayment(paymentId, { priority: 'user', origin: originOf(from, 'cancel payment') }),
  )
  return { payment: value, requestId }
}

type UpdateInput = Parameters<ActionsService['updatePayment']>[0]

export async function updatePayment(
  ctx: ActionsContext,
  { paymentId, changes, ticket, from }: UpdateInput,
): Promise<ActionResult & { payment: Payment }> {
  const body = updateBody(changes)
  const { connections } = ctx.options
  const connection = await connections.activeConnection()
  const client = await connections.getActiveClient()
  const payment = await freshPayment(client, paymentId, from, 'update')
  refuse(updateBlocker(payment))
  await livePrompt(ctx, connection, {
    action: `Change ${Object.keys(body).join(', ')} of a payment`,
    amount: null,
    reference: `${payment.description} (${payment.id})`,
    customer: customerName(payment.billingAddress),
    orderId: payment.orderId,
    // An update can point the customer or the webhooks elsewhere: the dialog names those addresses.
    ...withCallbacks(body as Record<string, unknown>),
  })
  // No Idempotency-Key: the service ignores it on PATCH; the client reads before any resend.
  const { value, requestId } = await unkeyedWrite(
    ctx,
    {
      action: 'update',
      object: { kind: 'payment', id: paymentId },
      amount: null,
      ticket: ticket ?? null,
      reason: null,
      words: `Change of ${Object.keys(body).join(', ')} of payment ${paymentId}`,
    },
    () => client.updatePayment(paymentId, body, { priority: 'user', origin: originOf(from, 'update payment') }),
  )
  return { payment: value, requestId }
}

/** The update's body from the view's fields; bad metadata or no change at all sends nothing. */
function updateBody(changes: UpdateInput['changes']): UpdatePaymentRequest {
  const body: UpdatePaymentRequest = {}
  if (changes.description !== undefined) body.description = changes.description
  if (changes.redirectUrl !== undefined) body.redirectUrl = changes.redirectUrl
  if (changes.cancelUrl !== undefined) body.cancelUrl = changes.cancelUrl
  if (changes.webhookUrl !== undefined) body.webhookUrl = changes.webhookUrl
  if (changes.metadataJson !== undefined) body.metadata = metadataOf(changes.metadataJson)
  if (Object.keys(body).length === 0) throw new UserFacingError('invalid-input', 'Nothing to change.')
  return body
}

function metadataOf(json: string): Metadata | null {
  if (json.trim() === '') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new UserFacingError('invalid-input', 'Nothing was sent: the metadata is not valid JSON.', {
      issues: [{ path: 'metadata', message: 'Not valid JSON.' }],
    })
  }
  const size = metadataByteLength(parsed)
  if (size === null || size > METADATA_MAX_BYTES) {
    throw new UserFacingError('invalid-input', `Nothing was sent: metadata may be at most ${METADATA_MAX_BYTES} bytes.`)
  }
  return parsed as Metadata
}
