import type { Order, Payment } from '../../shared/api-types'
import type { SyncKind } from '../../shared/ipc/search'
import { createCustomersService } from '../services/customers'
import { createDraftsDiskStore } from '../services/drafts'
import { createActionsService } from '../services/actions'
import { createOrdersService } from '../services/orders'
import { createPaymentsService } from '../services/payments'
import { createSearchService } from '../search/service'
import { createTellShop } from '../services/tell-shop/tell-shop'
import type { ConnectionsWiring } from './connections'
import type { Foundation } from './foundation'
import type { TeamWiring } from './team'
import type { TeamIndex } from '../team/team-index'
import type { AppDeps } from './types'

export type DomainServices = ReturnType<typeof createDomainServices>

/** The services over the active connection: payments, drafts, orders, actions, search, customers. */
export function createDomainServices(
  deps: AppDeps,
  f: Foundation,
  { connections, sandboxDeliveries }: ConnectionsWiring,
  { record }: TeamWiring,
  teamIndex: TeamIndex,
) {
  const payments = createPaymentsService({
    getClient: () => connections.getActiveClient(),
    chooseSavePath: (options) => deps.dialogs.chooseSavePath(options),
    questions: deps.dialogs,
    onExportProgress: (progress) => f.events.emit('payments.exportProgress', progress),
    observeRequestIds: f.observeRequestIds,
    deliveries: sandboxDeliveries,
  })
  const drafts = createDraftsDiskStore({
    dataDir: deps.dataDir,
    secretStore: f.dataKeyStore,
    legacySecretStore: deps.secretStore,
    // A new draft belongs to the connection it was made for (main decides which that is).
    owner: async () => {
      const active = await connections.activeConnection()
      return { id: active.id, label: active.label }
    },
  })
  const orders = createOrdersService({ connections, drafts, liveWrites: deps.liveWrites, record: record.record })
  const actions = createActionsService({
    dataDir: deps.dataDir,
    connections,
    liveWrites: deps.liveWrites,
    record: record.record,
    observeRequestIds: f.observeRequestIds,
    getKey: f.getDataKey,
    highWater: f.dataKeyStore,
    deliveries: sandboxDeliveries,
  })
  // Tell the shop again (issue 49 item 5): main's own call to the payment's webhook, after its question.
  const tellShop = createTellShop({
    connections,
    questions: deps.dialogs,
    record: record.record,
    log: (event, connection) => f.requestLog.record(event, { id: connection.id, label: connection.label }),
    sandboxReceivers: deps.sandboxWebhookReceivers,
  })
  const search = createSearch(deps, f, connections, teamIndex)
  // Which connection a fetch went through: its id before the call, valid only if no switch (or any
  // other change of the connections) happened while it ran (issue 22 item 4).
  let connectionEpoch = 0
  f.events.subscribe((event) => {
    if (event === 'connections.changed') connectionEpoch++
  })
  const activeId = async () => ({ id: (await connections.activeConnection()).id, epoch: connectionEpoch })
  const stillActive = (before: { epoch: number }) => before.epoch === connectionEpoch

  // Where an object read fresh is reported: opening a payment, an order or a customer refreshes
  // its index row in the connection it was read with, unless the connections changed meanwhile.
  const begin = async () => {
    const before = await activeId()
    return (kind: SyncKind, object: Payment | Order) => {
      if (stillActive(before)) search.noteFetched(before.id, kind, object)
    }
  }
  // The customer view: the active connection's client and index.
  const customers = createCustomersService({
    getClient: () => connections.getActiveClient(),
    index: () => search.currentIndex(),
    shared: () => teamIndex.shared(),
    begin,
  })
  return { payments, drafts, orders, actions, tellShop, search, customers, begin }
}

/** The search service of the active connection; in team mode over the team's shared index. */
function createSearch(
  deps: AppDeps,
  f: Foundation,
  connections: ConnectionsWiring['connections'],
  teamIndex: TeamIndex,
) {
  return createSearchService({
    dataDir: deps.dataDir,
    getKey: f.getDataKey,
    active: async () => {
      const info = await connections.activeConnection()
      return { id: info.id, client: await connections.getActiveClient() }
    },
    knownConnectionIds: async () => (await connections.list()).connections.map((c) => c.id),
    emitProgress: (progress) => f.events.emit('search.progress', progress),
    autoSync: deps.search?.autoSync,
    syncEveryMs: deps.search?.syncEveryMs,
    limits: deps.search?.limits,
    // In team mode the search box asks the team's shared index, and this desk does not walk its own.
    shared: () => teamIndex.shared(),
    walksOwnIndex: () => !teamIndex.active(),
    teamRound: (options) => teamIndex.round(options),
  })
}
