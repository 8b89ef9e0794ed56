import { call, subscribe } from '../lib/ipc-client'
import type { WritePort } from './write-store'
import type { ChargebacksPort } from './chargebacks-store'
import type { AppPort } from './app-store'
import type { ConnectionPort } from './connection-store'
import type { CustomerPort } from './customer-store'
import type { CustomerWritesPort } from './customer-writes-store'
import type { DraftsPort } from './drafts-store'
import type { InspectorPort } from './inspector-store'
import type { OrderPort } from './order-store'
import type { BuilderPort } from './builder-store'
import type { PaymentsPort } from './payments-store'
import type { RecurringPort } from './recurring-store'
import type { SearchPort } from './search-store'
import type { SendingPort } from './sending-store'
import type { RequestsPort } from './requests-store'
import type { TeamPort } from './team-store'
import type { TellShopPort } from './tell-shop-store'

// Every store's port onto main: the only module of the renderer that calls the IPC client. Components
// and features ask a store; the store asks its port; app-stores.ts creates both.

export function ipcAppPort(): AppPort {
  return {
    info: () => call('app.info'),
    openExternal: (url) => call('app.openExternal', { url }),
    copyText: (text) => call('app.copy', { text }),
    emailLink: (input) => call('app.emailLink', input),
  }
}

export function ipcConnectionPort(): ConnectionPort {
  return {
    list: () => call('connections.list'),
    setActive: (id) => call('connections.setActive', { id }),
    add: (input) => call('connections.add', input),
    rename: (id, label) => call('connections.rename', { id, label }),
    remove: (id) => call('connections.remove', { id }),
    test: (id) => call('connections.test', { id }),
    profiles: (secret, baseUrl) => call('connections.profiles', { secret, baseUrl }),
    onChanged: (listener) => subscribe('connections.changed', listener),
    onTeamStatus: (listener) =>
      subscribe('team.changed', (change) => {
        if (change.kind === 'status') listener()
      }),
  }
}

export function ipcInspectorPort(): InspectorPort {
  return {
    list: () => call('requestLog.list'),
    get: (id) => call('requestLog.get', { id }),
    search: (text) => call('requestLog.search', { text }),
    rateLimitState: () => call('rateLimit.state'),
    curl: (id, attempt) => call('requestLog.curl', { id, attempt }),
    tag: (ids, tag, remove) => call('requestLog.tag', remove ? { ids, tag, remove } : { ids, tag }),
    export: (ids, format) => call('requestLog.export', { ids, format }),
    clear: () => call('requestLog.clear', {}),
    onAppended: (listener) => subscribe('requestLog.appended', listener),
    onRateLimitChanged: (listener) => subscribe('rateLimit.changed', listener),
  }
}

export function ipcPaymentsPort(): PaymentsPort {
  return {
    list: (input) => call('payments.list', input),
    get: (input) => call('payments.get', input),
    cancel: (requestKey) => call('payments.cancel', { requestKey }),
    export: (input) => call('payments.export', input),
    onExportProgress: (listener) => subscribe('payments.exportProgress', listener),
  }
}

/** Main's window-wide events no single store owns: Help in the app menu. */
export const ipcWindowEvents = {
  onHelp: (listener: () => void): (() => void) => subscribe('app.help', listener),
}

export function ipcDraftsPort(): DraftsPort {
  return {
    list: () => call('drafts.list'),
    rename: (id, name) => call('drafts.rename', { id, name }),
    remove: (id) => call('drafts.delete', { id }),
  }
}

export function ipcBuilderPort(): BuilderPort {
  return {
    activeConnection: () => call('connections.active'),
    saveDraft: (input) => call('drafts.save', input),
    getDraft: (id) => call('drafts.get', { id }),
    moveDraft: (id) => call('drafts.moveToActive', { id }),
    createOrder: (input) => call('orders.create', input),
    createPayment: (input) => call('payments.create', input),
    onConnectionsChanged: (listener) => subscribe('connections.changed', listener),
    onUnload(listener) {
      window.addEventListener('beforeunload', listener)
      return () => window.removeEventListener('beforeunload', listener)
    },
  }
}

export function ipcSearchPort(): SearchPort {
  return {
    query: (text) => call('search.query', { text }),
    home: () => call('search.home'),
    sync: (full) => call('search.sync', { full }),
    cancelSync: () => call('search.cancelSync'),
    status: () => call('search.status'),
    setPaymentCap: (payments) => call('search.setPaymentCap', { payments }),
    onProgress: (listener) => subscribe('search.progress', listener),
  }
}

export function ipcOrderPort(): OrderPort {
  return {
    get: (id) => call('orders.get', { id }),
    newPayment: (orderId) => call('orders.newPayment', { orderId, from: 'order' }),
  }
}

export function ipcChargebacksPort(): ChargebacksPort {
  return { list: () => call('chargebacks.list') }
}

export function ipcCustomerPort(): CustomerPort {
  return { open: (target) => call('customers.open', target) }
}

export function ipcRecurringPort(): RecurringPort {
  return {
    open: (customerId) => call('recurring.open', { customerId }),
    revokeMandate: (customerId, mandateId) => call('recurring.revokeMandate', { customerId, mandateId }),
    cancelSubscription: (customerId, subscriptionId) =>
      call('recurring.cancelSubscription', { customerId, subscriptionId }),
  }
}

/** `from` names the view for the Inspector. */
export function ipcWritePort(from: 'payment' | 'order'): WritePort {
  return {
    refund: (input) => call('payments.refund', { ...input, from }),
    refundGuard: (paymentId) => call('payments.refundGuard', { paymentId, from }),
    cancelRefund: (paymentId, refundId) => call('payments.cancelRefund', { paymentId, refundId, from }),
    queuedRefunds: (paymentId) => call('payments.queuedRefunds', { paymentId }),
    cancelQueuedRefund: (queueId) => call('payments.cancelQueuedRefund', { queueId }),
    team: {
      teamMode: async () => (await call('requests.list')).teamMode,
      request: (input) => call('requests.refund', input),
      mine: async () => (await call('requests.list')).mine,
      onChanged: (listener) => subscribe('team.changed', listener),
    },
    refunds: (paymentId) => call('payments.refunds', { paymentId }),
    cancelPayment: (paymentId) => call('payments.cancelPayment', { paymentId, from }),
    update: (paymentId, changes) => call('payments.update', { paymentId, changes, from }),
    cancelOrder: (orderId) => call('orders.cancel', { orderId, from }),
  }
}

/** The desk's shared record: notes, cases, recorded writes, the team database. */
export function ipcTeamPort(): TeamPort {
  return {
    object: (object) => call('team.object', { object }),
    writeNote: (object, text, noteId) => call('team.writeNote', noteId ? { object, text, noteId } : { object, text }),
    takeCase: (object, ticket) => call('team.takeCase', ticket ? { object, ticket } : { object }),
    handOver: (object, to) => call('team.handOver', { object, to }),
    closeCase: (object) => call('team.closeCase', { object }),
    openCases: () => call('team.openCases'),
    database: () => call('team.database'),
    connect: (input) => call('team.connect', input),
    test: (input) => call('team.test', input),
    disconnect: () => call('team.disconnect'),
    onChanged: (listener) => subscribe('team.changed', listener),
  }
}

/** Refund requests in team mode (issue 51): the list on Home and a lead's decision. */
export function ipcRequestsPort(): RequestsPort {
  return {
    list: () => call('requests.list'),
    decide: (input) => call('requests.decide', input),
    onChanged: (listener) => subscribe('team.changed', listener),
  }
}

export function ipcTellShopPort(): TellShopPort {
  return { tell: (input) => call('payments.tellShop', input) }
}

/** The writes recorded on a customer and their payments and orders. */
export function ipcCustomerWritesPort(): CustomerWritesPort {
  return {
    writesOn: (objects) => call('team.writesOn', { objects }),
    onChanged: (listener) => subscribe('team.changed', listener),
  }
}

export function ipcSendingPort(): SendingPort {
  return {
    proof: (target) => call('forCustomer.proof', target),
    emailProof: (target) => call('forCustomer.emailProof', target),
    saveProof: (target) => call('forCustomer.saveProof', target),
    newLink: (target) => call('forCustomer.newLink', target),
    emailNewLink: (target) => call('forCustomer.emailNewLink', target),
  }
}
