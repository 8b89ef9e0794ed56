// The sandbox's implementation of each operation of the service (src/shared/service/operations.ts):
// one row per operation id. The router (server.ts) matches method and path with the operation table
// and runs the handler named here; an operation of the table without one does not compile.
import type { OperationId } from '../../shared/service/operations'
import type { Handler } from '../request'
import { createCapture, getCapture, listCaptures, releaseAuthorization } from './captures'
import {
  createCustomer,
  createCustomerPayment,
  deleteCustomer,
  getCustomerRoute,
  listCustomerPaymentsRoute,
  listCustomers,
  updateCustomer,
} from './customers'
import {
  getBalanceRoute,
  getOpenSettlementRoute,
  getPrimaryBalanceRoute,
  getSettlementRoute,
  listBalancesRoute,
  listBalanceTransactionsRoute,
  listSettlementPaymentsRoute,
  listSettlementRefundsRoute,
  listSettlementsRoute,
} from './balances'
import { cancelOrderLinesRoute, updateOrderRoute, updateOrderLineRoute } from './order-changes'
import { createShipmentRoute, getShipmentRoute, listShipmentsRoute, updateShipmentRoute } from './shipments'
import { createMandate, getMandate, listMandates, revokeMandate } from './mandates'
import {
  createPaymentLink,
  deletePaymentLink,
  getPaymentLink,
  listPaymentLinkPayments,
  listPaymentLinks,
  updatePaymentLink,
} from './payment-links'
import {
  cancelSubscription,
  createSubscription,
  getSubscription,
  listAllSubscriptions,
  listSubscriptionPayments,
  listSubscriptions,
  updateSubscription,
} from './subscriptions'
import { getMethod, listAllMethodsRoute, listMethods } from './methods'
import { getChargeback, listAllChargebacks, listPaymentChargebacks } from './chargebacks'
import { createOrder, createOrderPayment, deleteOrder, getOrderRoute, listOrders } from './orders'
import { createPayment, deletePayment, getPaymentRoute, listPayments, patchPayment } from './payments'
import { getCurrentProfile, getProfileRoute, listProfilesRoute } from './profiles'
import { listPermissionsRoute } from './permissions'
import {
  cancelRefund,
  createOrderRefund,
  getRefund,
  getRefunds,
  listAllRefunds,
  listOrderRefunds,
  postRefund,
} from './refunds'

const param = (request: Parameters<Handler>[1], name: string): string => request.params[name] ?? ''

export const HANDLERS = {
  'list-payments': listPayments,
  'create-payment': createPayment,
  'get-payment': (c, r) => getPaymentRoute(c, r, param(r, 'paymentId')),
  'update-payment': (c, r) => patchPayment(c, r, param(r, 'paymentId')),
  'cancel-payment': (c, r) => deletePayment(c, r, param(r, 'paymentId')),
  'list-refunds': (c, r) => getRefunds(c, r, param(r, 'paymentId')),
  'create-refund': (c, r) => postRefund(c, r, param(r, 'paymentId')),
  'get-refund': (c, r) => getRefund(c, r, param(r, 'paymentId'), param(r, 'refundId')),
  'cancel-refund': (c, r) => cancelRefund(c, r, param(r, 'paymentId'), param(r, 'refundId')),
  'list-all-refunds': listAllRefunds,
  'list-payment-chargebacks': (c, r) => listPaymentChargebacks(c, r, param(r, 'paymentId')),
  'get-chargeback': (c, r) => getChargeback(c, r, param(r, 'paymentId'), param(r, 'chargebackId')),
  'list-all-chargebacks': listAllChargebacks,
  'list-captures': (c, r) => listCaptures(c, r, param(r, 'paymentId')),
  'create-capture': (c, r) => createCapture(c, r, param(r, 'paymentId')),
  'get-capture': (c, r) => getCapture(c, r, param(r, 'paymentId'), param(r, 'captureId')),
  'release-authorization': (c, r) => releaseAuthorization(c, r, param(r, 'paymentId')),
  'list-order-refunds': (c, r) => listOrderRefunds(c, r, param(r, 'orderId')),
  'create-order-refund': (c, r) => createOrderRefund(c, r, param(r, 'orderId')),
  'list-orders': listOrders,
  'create-order': createOrder,
  'get-order': (c, r) => getOrderRoute(c, r, param(r, 'orderId')),
  'cancel-order': (c, r) => deleteOrder(c, r, param(r, 'orderId')),
  'create-order-payment': (c, r) => createOrderPayment(c, r, param(r, 'orderId')),
  'list-profiles': listProfilesRoute,
  'list-customers': listCustomers,
  'create-customer': createCustomer,
  'get-customer': (c, r) => getCustomerRoute(c, r, param(r, 'customerId')),
  'update-customer': (c, r) => updateCustomer(c, r, param(r, 'customerId')),
  'delete-customer': (c, r) => deleteCustomer(c, r, param(r, 'customerId')),
  'list-customer-payments': (c, r) => listCustomerPaymentsRoute(c, r, param(r, 'customerId')),
  'create-customer-payment': (c, r) => createCustomerPayment(c, r, param(r, 'customerId')),
  'list-mandates': (c, r) => listMandates(c, r, param(r, 'customerId')),
  'create-mandate': (c, r) => createMandate(c, r, param(r, 'customerId')),
  'get-mandate': (c, r) => getMandate(c, r, param(r, 'customerId'), param(r, 'mandateId')),
  'revoke-mandate': (c, r) => revokeMandate(c, r, param(r, 'customerId'), param(r, 'mandateId')),
  'list-methods': listMethods,
  'get-method': (c, r) => getMethod(c, r, param(r, 'methodId')),
  'list-subscriptions': (c, r) => listSubscriptions(c, r, param(r, 'customerId')),
  'create-subscription': (c, r) => createSubscription(c, r, param(r, 'customerId')),
  'get-subscription': (c, r) => getSubscription(c, r, param(r, 'customerId'), param(r, 'subscriptionId')),
  'update-subscription': (c, r) => updateSubscription(c, r, param(r, 'customerId'), param(r, 'subscriptionId')),
  'cancel-subscription': (c, r) => cancelSubscription(c, r, param(r, 'customerId'), param(r, 'subscriptionId')),
  'list-subscription-payments': (c, r) =>
    listSubscriptionPayments(c, r, param(r, 'customerId'), param(r, 'subscriptionId')),
  'list-all-subscriptions': listAllSubscriptions,
  'list-payment-links': listPaymentLinks,
  'create-payment-link': createPaymentLink,
  'get-payment-link': (c, r) => getPaymentLink(c, r, param(r, 'paymentLinkId')),
  'update-payment-link': (c, r) => updatePaymentLink(c, r, param(r, 'paymentLinkId')),
  'delete-payment-link': (c, r) => deletePaymentLink(c, r, param(r, 'paymentLinkId')),
  'get-payment-link-payments': (c, r) => listPaymentLinkPayments(c, r, param(r, 'paymentLinkId')),
  'list-all-methods': listAllMethodsRoute,
  'get-profile': (c, r) => getProfileRoute(c, r, param(r, 'profileId')),
  'get-current-profile': getCurrentProfile,
  'update-order': (c, r) => updateOrderRoute(c, r, param(r, 'orderId')),
  'update-order-line': (c, r) => updateOrderLineRoute(c, r, param(r, 'orderId'), param(r, 'orderLineId')),
  'cancel-order-lines': (c, r) => cancelOrderLinesRoute(c, r, param(r, 'orderId')),
  'create-shipment': (c, r) => createShipmentRoute(c, r, param(r, 'orderId')),
  'list-shipments': (c, r) => listShipmentsRoute(c, r, param(r, 'orderId')),
  'get-shipment': (c, r) => getShipmentRoute(c, r, param(r, 'orderId'), param(r, 'shipmentId')),
  'update-shipment': (c, r) => updateShipmentRoute(c, r, param(r, 'orderId'), param(r, 'shipmentId')),
  'list-balances': listBalancesRoute,
  'get-balance': (c, r) => getBalanceRoute(c, r, param(r, 'balanceId')),
  'get-primary-balance': getPrimaryBalanceRoute,
  'list-balance-transactions': (c, r) => listBalanceTransactionsRoute(c, r, param(r, 'balanceId')),
  'list-settlements': listSettlementsRoute,
  'get-settlement': (c, r) => getSettlementRoute(c, r, param(r, 'settlementId')),
  'get-open-settlement': getOpenSettlementRoute,
  'list-settlement-payments': (c, r) => listSettlementPaymentsRoute(c, r, param(r, 'settlementId')),
  'list-settlement-refunds': (c, r) => listSettlementRefundsRoute(c, r, param(r, 'settlementId')),
  'list-permissions': listPermissionsRoute,
} satisfies Readonly<Record<OperationId, Handler>>
