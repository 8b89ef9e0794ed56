// What shipping and canceling do to an order's lines and to the order (docs/SANDBOX.md "Orders the
// rest of the way"): quantities and amounts shipped and canceled, what each line can still do, the
// line's and the order's status, and the capture of an authorized (pay later) order's payment for
// what ships (https://docs.mollie.com/reference/shipments-api, cancel-order-lines, get-order).
import type { Amount, OrderLine } from '../shared/api-types'
import { amountFromMinor, toMinor } from '../shared/money'
import { SandboxError } from './errors'
import { zeroLike, type OrderRecord } from './records'

/** A chosen line and how many of its units (already checked against what the line can still do). */
interface LineQuantity {
  line: OrderLine
  quantity: number
}

/**
 * `lines` of create-shipment and cancel-order-lines: each `{ id, quantity? }` names a line of the
 * order and at most what it can still do (`available`); a missing quantity takes all of it. An empty
 * list takes every line that can still do it (create shipment: "an empty array … ships the entire order").
 */
export function chooseLines(
  order: OrderRecord,
  raw: unknown,
  available: (line: OrderLine) => number,
  verb: string,
): LineQuantity[] {
  const list = Array.isArray(raw) ? (raw as { id?: unknown; quantity?: unknown }[]) : []
  if (list.length === 0) {
    return order.data.lines.filter((l) => available(l) > 0).map((line) => ({ line, quantity: available(line) }))
  }
  const seen = new Set<string>()
  return list.map((entry, i) => {
    const line = order.data.lines.find((l) => l.id === entry.id)
    if (!line) throw new SandboxError(422, `Line ${i + 1} names no line of this order.`, `lines.${i}.id`)
    if (seen.has(line.id)) throw new SandboxError(422, `The line ${line.id} is named twice.`, `lines.${i}.id`)
    seen.add(line.id)
    const can = available(line)
    const quantity = typeof entry.quantity === 'number' ? entry.quantity : can
    if (can === 0 || quantity > can) {
      throw new SandboxError(
        422,
        can === 0
          ? `The line ${line.id} (${line.name}) cannot be ${verb}: nothing of it is left to ${verb === 'shipped' ? 'ship' : 'cancel'}.`
          : `The quantity of line ${line.id} must be at most ${can} (what can still be ${verb}).`,
        `lines.${i}.quantity`,
      )
    }
    return { line, quantity }
  })
}

/** The part of a line's total for `units` more after `before` units: whole minor units, the last unit takes the rest. */
function shareOf(line: OrderLine, before: number, units: number): Amount {
  const total = toMinor(line.totalAmount)
  const q = BigInt(line.quantity)
  const upTo = (n: number) => (total * BigInt(n)) / q
  return amountFromMinor(upTo(before + units) - upTo(before), line.totalAmount.currency)
}

function add(a: Amount, b: Amount): Amount {
  return amountFromMinor(toMinor(a) + toMinor(b), a.currency)
}

/** Units not yet shipped nor canceled. */
export function openUnits(line: OrderLine): number {
  return line.quantity - line.quantityShipped - line.quantityCanceled
}

/**
 * A line's status and what it can still do, from its counts: `completed` once nothing is left open
 * and something shipped, `canceled` when all was canceled, `shipping` once part shipped
 * (https://docs.mollie.com/reference/get-order, line `status`).
 */
function refreshLine(line: OrderLine, orderAuthorized: boolean): void {
  const open = openUnits(line)
  if (open === 0) line.status = line.quantityShipped > 0 ? 'completed' : 'canceled'
  else if (line.quantityShipped > 0) line.status = 'shipping'
  line.shippableQuantity = line.status === 'created' ? 0 : open
  // Paid lines are refunded, not canceled; an authorized order's unshipped units can be canceled.
  line.cancelableQuantity = orderAuthorized || line.status === 'created' ? open : 0
  line.isCancelable = line.cancelableQuantity > 0
  // What was paid can be refunded; of an authorized (pay later) order only what shipped was captured.
  const paidUnits = orderAuthorized ? line.quantityShipped : line.quantity - line.quantityCanceled
  line.refundableQuantity = Math.max(0, paidUnits - line.quantityRefunded)
}

/**
 * The order's status from its lines: `completed` when every line is completed or canceled and one
 * shipped, `canceled` when every line was canceled, `shipping` once something shipped.
 */
function refreshOrder(order: OrderRecord, nowIso: string): void {
  const data = order.data
  for (const line of data.lines) refreshLine(line, capturesByShipping(order))
  const open = data.lines.some((l) => openUnits(l) > 0)
  const shipped = data.lines.some((l) => l.quantityShipped > 0)
  if (!open) {
    data.status = shipped ? 'completed' : 'canceled'
    if (shipped) data.completedAt ??= nowIso
    else data.canceledAt ??= nowIso
    delete data.isCancelable
  } else if (shipped) {
    data.status = 'shipping'
    data.isCancelable = data.lines.some((l) => l.cancelableQuantity > 0)
  }
}

/** Whether the order was authorized (pay later): its shipments capture the payment. */
export function capturesByShipping(order: OrderRecord): boolean {
  return order.data.authorizedAt !== undefined
}

/** Ships `chosen`: counts and amounts shipped; returns the shipped lines as a shipment carries them. */
export function shipLines(order: OrderRecord, chosen: readonly LineQuantity[], nowIso: string): OrderLine[] {
  const shipped = chosen.map(({ line, quantity }) => {
    const amount = shareOf(line, line.quantityShipped, quantity)
    line.quantityShipped += quantity
    line.amountShipped = add(line.amountShipped, amount)
    return { ...structuredClone(line), quantity, totalAmount: amount }
  })
  refreshOrder(order, nowIso)
  return shipped
}

/** Cancels `chosen` units; returns the amount canceled (released from an authorization). */
export function cancelLines(order: OrderRecord, chosen: readonly LineQuantity[], nowIso: string): Amount {
  const currency = order.data.amount.currency
  let total = { currency, value: zeroLike(order.data.amount.value) }
  for (const { line, quantity } of chosen) {
    const amount = shareOf(line, line.quantity - openUnits(line), quantity)
    line.quantityCanceled += quantity
    line.amountCanceled = add(line.amountCanceled, amount)
    total = add(total, amount)
  }
  refreshOrder(order, nowIso)
  return total
}
