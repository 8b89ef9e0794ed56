// Types of the service's shipments, balances and settlements as returned (docs.mollie.com Shipments,
// Balances and Settlements APIs): the fields the sandbox serves and the client reads. Beside
// api-types.ts (which is at its size limit), built on its Amount, Link and lists. Pure TypeScript.
import type { Amount, Link, ListResponse, Mode, OrderLine } from './api-types'

/** https://docs.mollie.com/reference/create-shipment `tracking` */
export interface ShipmentTracking {
  carrier: string
  code: string
  url?: string | null
}

/** A shipment as returned (https://docs.mollie.com/reference/get-shipment). */
export interface Shipment {
  resource: 'shipment'
  /** pattern ^shp_.+$ */
  id: string
  orderId: string
  createdAt: string
  tracking?: ShipmentTracking | null
  /** the order lines as shipped by this shipment: `quantity` and `totalAmount` are the shipped part */
  lines: OrderLine[]
  _links: { self: Link; order: Link; documentation: Link }
}

export type ShipmentList = ListResponse<Shipment, 'shipments'>

/** https://docs.mollie.com/reference/create-shipment: which lines ship (`[]`: all that can), and tracking. */
export interface CreateShipmentRequest {
  lines?: { id: string; quantity?: number }[]
  tracking?: ShipmentTracking
  testmode?: boolean | null
}

/** https://docs.mollie.com/reference/update-order (the fields an update may change). */
export interface UpdateOrderRequest {
  orderNumber?: string
  billingAddress?: Record<string, unknown>
  shippingAddress?: Record<string, unknown>
  redirectUrl?: string
  cancelUrl?: string
  webhookUrl?: string
  testmode?: boolean | null
}

/** A balance of one currency (https://docs.mollie.com/reference/get-balance). */
export interface Balance {
  resource: 'balance'
  /** pattern ^bal_.+$ */
  id: string
  mode: Mode
  createdAt: string
  currency: string
  description: string
  status: 'active' | 'inactive'
  transferFrequency: string
  transferThreshold: Amount
  transferReference: string | null
  transferDestination: { type: 'bank-account'; beneficiaryName: string; bankAccount: string } | null
  availableAmount: Amount
  pendingAmount: Amount
  _links: { self: Link; documentation: Link }
}

/** A movement of a balance (https://docs.mollie.com/reference/list-balance-transactions). */
export interface BalanceTransaction {
  resource: 'balance_transaction'
  /** pattern ^baltr_.+$ */
  id: string
  type: 'payment' | 'refund' | 'chargeback' | 'outgoing-transfer'
  resultAmount: Amount
  initialAmount: Amount
  deductions: Amount | null
  createdAt: string
  context: Record<string, string>
}

/** A settlement: what one period's balance paid out (https://docs.mollie.com/reference/get-settlement). */
export interface Settlement {
  resource: 'settlement'
  /** pattern ^stl_.+$ */
  id: string
  reference: string | null
  createdAt: string
  settledAt: string | null
  status: 'open' | 'pending' | 'paidout' | 'failed'
  amount: Amount
  balanceId: string
  periods: Record<string, unknown>
  _links: { self: Link; payments: Link; refunds: Link; documentation: Link }
}
