// Shipments (https://docs.mollie.com/reference/shipments-api): create with lines and tracking, list,
// get, update the tracking. Shipping moves lines and the order to `shipping` and `completed`; a
// shipment of an authorized (pay later, e.g. klarna) order captures the shipped amount
// (https://docs.mollie.com/reference/create-shipment: "the payment is captured" on shipping).
import type { ShipmentTracking } from '../../shared/api-types-ledger'
import { amountFromMinor, toMinor } from '../../shared/money'
import { validateCreateShipment, validateUpdateShipment } from '../../shared/order-rules'
import { SandboxError, jsonReply, type Reply } from '../errors'
import { capturesByShipping, chooseLines, shipLines } from '../order-lines'
import {
  firstViolation,
  isoNow,
  listQuery,
  listReply,
  parsedBody,
  queryScope,
  ruleContext,
  type ApiRequest,
} from '../request'
import { shipmentJson } from '../resources'
import type { SandboxContext } from '../context'
import { listPage, zeroLike, type OrderRecord, type ShipmentData } from '../records'
import { orderForWrite } from './order-changes'

/** Orders that can ship: paid or authorized, or already partly shipped. */
const SHIPPABLE_STATUSES: readonly string[] = ['paid', 'authorized', 'shipping']

function tracking(raw: unknown): ShipmentTracking | null {
  if (typeof raw !== 'object' || raw === null) return null
  const t = raw as ShipmentTracking
  return { carrier: t.carrier, code: t.code, url: t.url ?? null }
}

/**
 * An authorized order's payment is captured for what ships: a capture of the shipped amount, the
 * payment `paid` from the first one with `amountCaptured` (what can be refunded) growing.
 */
function captureShipped(ctx: SandboxContext, order: OrderRecord, shipment: ShipmentData): void {
  const record = order.paymentIds
    .map((pid) => ctx.store.getPaymentAnyScope(pid))
    .find((p) => p?.data.status === 'authorized' || (p?.data.status === 'paid' && p.data.amountCaptured))
  if (!record) return
  const currency = order.data.amount.currency
  const minor = shipment.lines.reduce((sum, l) => sum + toMinor(l.totalAmount), 0n)
  const payment = record.data
  ctx.store.addCapture(payment.id, {
    resource: 'capture',
    id: ctx.ids.next('cpt'),
    mode: payment.mode,
    description: `Shipment ${shipment.id}`,
    amount: amountFromMinor(minor, currency),
    status: 'succeeded',
    metadata: null,
    paymentId: payment.id,
    createdAt: shipment.createdAt,
  })
  const captured = toMinor(payment.amountCaptured ?? { currency, value: zeroLike(payment.amount.value) }) + minor
  const refunded = toMinor(payment.amountRefunded ?? { currency, value: zeroLike(payment.amount.value) })
  payment.amountCaptured = amountFromMinor(captured, currency)
  payment.amountRefunded = amountFromMinor(refunded, currency)
  payment.amountRemaining = amountFromMinor(captured - refunded, currency)
  if (payment.status === 'authorized') {
    payment.status = 'paid'
    payment.paidAt = shipment.createdAt
    delete payment.isCancelable
  }
  delete record.json
  ctx.events.emit(ctx, 'payment', payment.id)
}

/** POST /v2/orders/{id}/shipments: `lines` (`[]` or none: everything that can ship) and `tracking`. */
export function createShipmentRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request) as Record<string, unknown>
  firstViolation(validateCreateShipment(body, ruleContext(ctx, request.credential)))
  const order = orderForWrite(ctx, request, id)
  if (!SHIPPABLE_STATUSES.includes(order.data.status)) {
    throw new SandboxError(
      422,
      `The order is ${order.data.status}; only a paid or authorized order (or one partly shipped) can be shipped.`,
    )
  }
  const chosen = chooseLines(order, body.lines, (l) => l.shippableQuantity, 'shipped')
  if (chosen.length === 0) throw new SandboxError(422, 'Nothing on this order can still be shipped.', 'lines')
  const nowIso = isoNow(ctx)
  const shipment: ShipmentData = {
    resource: 'shipment',
    id: ctx.ids.next('shp'),
    orderId: order.data.id,
    createdAt: nowIso,
    tracking: tracking(body.tracking),
    lines: shipLines(order, chosen, nowIso),
  }
  order.shipments = [...(order.shipments ?? []), shipment]
  if (capturesByShipping(order)) captureShipped(ctx, order, shipment)
  ctx.events.emit(ctx, 'order', order.data.id)
  return jsonReply(201, shipmentJson(ctx.origin, shipment))
}

function orderForRead(ctx: SandboxContext, request: ApiRequest, id: string): OrderRecord {
  const scope = queryScope(ctx, request)
  const order = ctx.store.getOrder(id, scope.profileId, scope.mode)
  if (!order) throw new SandboxError(404, `No order exists with id ${id}.`)
  return order
}

function shipmentOf(order: OrderRecord, shipmentId: string): ShipmentData {
  const shipment = (order.shipments ?? []).find((s) => s.id === shipmentId)
  if (!shipment) throw new SandboxError(404, `No shipment exists with id ${shipmentId} for order ${order.data.id}.`)
  return shipment
}

/** GET /v2/orders/{id}/shipments (https://docs.mollie.com/reference/list-shipments). */
export function listShipmentsRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const order = orderForRead(ctx, request, id)
  const query = listQuery(request)
  const items = (order.shipments ?? []).map((data) => ({ data }))
  return listReply(ctx, request, query, listPage(items, query), 'shipments', (s) =>
    JSON.stringify(shipmentJson(ctx.origin, s.data)),
  )
}

/** GET /v2/orders/{id}/shipments/{shipmentId} (https://docs.mollie.com/reference/get-shipment). */
export function getShipmentRoute(ctx: SandboxContext, request: ApiRequest, id: string, shipmentId: string): Reply {
  return jsonReply(200, shipmentJson(ctx.origin, shipmentOf(orderForRead(ctx, request, id), shipmentId)))
}

/** PATCH /v2/orders/{id}/shipments/{shipmentId} (https://docs.mollie.com/reference/update-shipment): tracking. */
export function updateShipmentRoute(ctx: SandboxContext, request: ApiRequest, id: string, shipmentId: string): Reply {
  const body = parsedBody(request) as Record<string, unknown>
  firstViolation(validateUpdateShipment(body, ruleContext(ctx, request.credential)))
  const shipment = shipmentOf(orderForWrite(ctx, request, id), shipmentId)
  shipment.tracking = tracking(body.tracking)
  return jsonReply(200, shipmentJson(ctx.origin, shipment))
}
