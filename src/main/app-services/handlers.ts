import os from 'node:os'
import { practiceCalls } from '../../sandbox'
import { createAppHandlers } from '../services/app/handlers'
import { mailSourceReader } from '../services/app/mail-draft'
import { createConnectionHandlers } from '../services/connections'
import { createCustomerHandlers } from '../services/customers'
import { createActionHandlers, createChargebackHandlers } from '../services/actions/handlers'
import { createDraftHandlers } from '../services/drafts/handlers'
import { createOrderHandlers } from '../services/orders/handlers'
import { createPaymentsHandlers } from '../services/payments/handlers'
import { createRecurringHandlers } from '../services/actions/recurring-handlers'
import { createRequestLogHandlers } from '../services/request-log/handlers'
import { createSendingHandlers } from '../services/sending/handlers'
import { createTellShopHandlers } from '../services/tell-shop/handlers'
import type { ConnectionsWiring } from './connections'
import type { DomainServices } from './domain'
import type { Foundation } from './foundation'
import type { TeamWiring } from './team'
import type { AppDeps, AppHandlers } from './types'
import { createTeamHandlers, createWritesOnHandlers } from '../team/handlers'
import { createRequestHandlers } from '../team/request-handlers'
import { approvalReader } from '../team/write-requests'
import { createSearchHandlers } from '../search/handlers'

/** Every IPC channel's handler, over the app's services. */
export function buildHandlers(
  deps: AppDeps,
  f: Foundation,
  { connections, guard }: ConnectionsWiring,
  d: DomainServices,
  team: TeamWiring,
): AppHandlers {
  const { externalLinks, scrubber } = f
  const { search } = d
  return {
    ...createAppHandlers({
      appInfo: deps.appInfo,
      clipboard: deps.clipboard,
      gestures: deps.gestures,
      externalLinks,
      readMailSource: mailSourceReader(() => connections.getActiveClient()),
    }),
    ...createConnectionHandlers(connections, {
      rememberSecret: scrubber.rememberProvisional,
      refusal: async (active) => (await guard()?.notice(active)) ?? null,
      removed: (id) => search.removeConnection(id),
    }),
    ...createPaymentsHandlers(d.payments, d.begin),
    ...createOrderHandlers(d.orders, d.actions, d.begin),
    ...createSearchHandlers(
      search,
      f.requestLog,
      async () => ((await connections.activeView()).builtIn ? practiceCalls() : []),
      team.record,
    ),
    ...createDraftHandlers(d.drafts),
    ...createActionHandlers(d.actions),
    ...createTellShopHandlers(d.tellShop),
    ...createChargebackHandlers(() => d.actions.listChargebacks()),
    ...createCustomerHandlers(d.customers),
    ...createRecurringHandlers(d.actions),
    ...createRequestLogHandlers(f.requestLog, f.rateLimits, deps.dialogs),
    ...createTeamHandlers(team.record, team.settings),
    ...createWritesOnHandlers(team.record),
    ...createRequestHandlers({
      record: team.record,
      // Before a lead's approval: the payment as it is now, with this desk's own (read) credential.
      readPayment: approvalReader(() => connections.getActiveClient()),
      desk: os.hostname(),
    }),
    ...createSendingHandlers(sendingOptions(deps, f, connections, team)),
  }
}

/** Something to send (issue 49 item 7): the active connection, main's live question, the record, the OS. */
function sendingOptions(
  deps: AppDeps,
  f: Foundation,
  connections: ConnectionsWiring['connections'],
  team: TeamWiring,
): Parameters<typeof createSendingHandlers>[0] {
  return {
    connections,
    liveWrites: deps.liveWrites,
    record: team.record.record,
    mail: f.externalLinks,
    chooseSavePath: (options) => deps.dialogs.chooseSavePath(options),
    pdf: deps.pdf,
  }
}
