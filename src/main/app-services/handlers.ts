import os from 'node:os'
import { practiceCalls } from '../../sandbox'
import { UserFacingError } from '../errors'
import { createConnectionHandlers } from '../services/connections'
import { createCustomerHandlers } from '../services/customers'
import { mailDraftOf, type MailDraftSource } from '../services/mail-draft'
import { createActionHandlers, createChargebackHandlers } from '../services/actions/handlers'
import { createDraftHandlers } from '../services/drafts/handlers'
import { createOrderHandlers } from '../services/orders/handlers'
import { createPaymentsHandlers } from '../services/payments/handlers'
import { createRecurringHandlers } from '../services/actions/recurring-handlers'
import { createRequestLogHandlers } from '../services/request-log/handlers'
import { createSendingHandlers } from '../services/sending'
import type { ConnectionsWiring } from './connections'
import type { DomainServices } from './domain'
import type { Foundation } from './foundation'
import type { TeamWiring } from './team'
import type { AppDeps, AppHandlers } from './types'
import { createTeamHandlers } from '../team/handlers'
import { createRequestHandlers } from '../team/request-handlers'
import { createWritesOnHandlers } from '../team/writes-on'
import { createSearchHandlers } from '../search/handlers'
import type { SearchService } from '../search/service'

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
    'app.info': () => deps.appInfo,
    // Only right after a key press or click main saw (user-gestures.ts): a page cannot fill the
    // clipboard on its own between the person's actions. Without a gesture source nothing is copied.
    'app.copy': ({ text }) => {
      if (deps.gestures?.take() !== true) {
        throw new UserFacingError(
          'canceled',
          'Nothing was copied: Paydesk copies only right after you click or press a key in its window. Try Copy again.',
        )
      }
      deps.clipboard.writeText(text)
      return { copied: true }
    },
    'app.openExternal': async ({ url }) => {
      await externalLinks.open(url)
      return { opened: true }
    },
    // The page names the payment or order; main reads it and builds the draft from it (mail-draft.ts).
    'app.emailLink': async ({ kind, id }) => {
      const client = await connections.getActiveClient()
      const origin = { screen: kind === 'order' ? 'order' : 'payments', action: 'read before e-mail draft' }
      const source: MailDraftSource =
        kind === 'order'
          ? { kind, object: await client.getOrder(id, { priority: 'user', origin }) }
          : { kind, object: await client.getPayment(id, { priority: 'user', origin }) }
      await externalLinks.openMailDraft(mailDraftOf(source))
      return { opened: true }
    },
    ...connectionHandlers(connections, scrubber.rememberProvisional, guard, search),
    ...withRefreshedRows(
      createPaymentsHandlers(d.payments),
      createOrderHandlers(d.orders, d.actions),
      search,
      d.activeId,
      d.stillActive,
    ),
    ...createSearchHandlers(
      search,
      f.requestLog,
      async () => ((await connections.activeView()).builtIn ? practiceCalls() : []),
      team.record,
    ),
    ...createDraftHandlers(d.drafts),
    ...createActionHandlers(d.actions),
    'payments.tellShop': (input) => d.tellShop(input),
    ...createChargebackHandlers(() => d.actions.listChargebacks()),
    ...createCustomerHandlers(d.customers),
    ...createRecurringHandlers(d.actions),
    ...createRequestLogHandlers(f.requestLog, f.rateLimits, deps.dialogs),
    ...createTeamHandlers(team.record, team.settings),
    ...createWritesOnHandlers(team.record),
    ...createRequestHandlers({
      record: team.record,
      // Before a lead's approval: the payment as it is now, with this desk's own (read) credential.
      readPayment: async (id) =>
        (await connections.getActiveClient()).getPayment(id, {
          embed: ['refunds', 'chargebacks'],
          priority: 'user',
          origin: { screen: 'home', action: 'read before approving a refund' },
        }),
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

/**
 * A secret the user adds is known to the scrubber from the moment it arrives, before any reply
 * (provisionally: only credential-shaped strings, only the last few; see secret-scrubber.ts).
 */
function withRememberedSecret<H extends Pick<AppHandlers, 'connections.add' | 'connections.profiles'>>(
  handlers: H,
  remember: (secret: string) => void,
): H {
  const add = handlers['connections.add']
  const profiles = handlers['connections.profiles']
  return {
    ...handlers,
    'connections.add': (input: Parameters<typeof add>[0], ctx: Parameters<typeof add>[1]) => {
      remember(input.secret)
      return add(input, ctx)
    },
    'connections.profiles': (input: Parameters<typeof profiles>[0], ctx: Parameters<typeof profiles>[1]) => {
      remember(input.secret)
      return profiles(input, ctx)
    },
  }
}

/** The connections' channels: the secret remembered, the team desk's credential told, the index kept. */
function connectionHandlers(
  connections: ConnectionsWiring['connections'],
  remember: (secret: string) => void,
  guard: ConnectionsWiring['guard'],
  search: SearchService,
) {
  return withIndexUpkeep(
    withTeamCredentialNotice(withRememberedSecret(createConnectionHandlers(connections), remember), guard),
    search,
  )
}

/**
 * In team mode the Connections screen says when the active connection's credential cannot be this
 * desk's (it can move money: team/desk-credential.ts), beside the screen's own notice.
 */
function withTeamCredentialNotice<H extends Pick<AppHandlers, 'connections.list'>>(
  handlers: H,
  guard: ConnectionsWiring['guard'],
): H {
  const list = handlers['connections.list']
  return {
    ...handlers,
    'connections.list': async (input: Parameters<typeof list>[0], ctx: Parameters<typeof list>[1]) => {
      const view = await list(input, ctx)
      const active = view.connections.find((c) => c.id === view.activeId)
      const refusal = active ? await guard()?.notice(active) : null
      if (!refusal) return view
      return { ...view, notice: view.notice ? `${view.notice} ${refusal}` : refusal }
    },
  }
}

/** Removing a connection removes its search index. */
function withIndexUpkeep<H extends Pick<AppHandlers, 'connections.remove'>>(handlers: H, search: SearchService): H {
  const remove = handlers['connections.remove']
  return {
    ...handlers,
    'connections.remove': async (input: Parameters<typeof remove>[0], ctx: Parameters<typeof remove>[1]) => {
      const result = await remove(input, ctx)
      await search.removeConnection(input.id)
      return result
    },
  }
}

/**
 * Opening a payment or an order refreshes its row in the index of the connection it was fetched
 * with; when the connections changed while it was fetched, the row is left to the next sync.
 */
function withRefreshedRows<P extends Pick<AppHandlers, 'payments.get'>, O extends Pick<AppHandlers, 'orders.get'>>(
  payments: P,
  orders: O,
  search: SearchService,
  active: () => Promise<{ id: string; epoch: number }>,
  stillActive: (before: { epoch: number }) => boolean,
): P & O {
  const getPayment = payments['payments.get']
  const getOrder = orders['orders.get']
  return {
    ...payments,
    ...orders,
    'payments.get': async (input: Parameters<typeof getPayment>[0], ctx: Parameters<typeof getPayment>[1]) => {
      const before = await active()
      const result = await getPayment(input, ctx)
      if (stillActive(before)) search.noteFetched(before.id, 'payments', result.payment)
      return result
    },
    'orders.get': async (input: Parameters<typeof getOrder>[0], ctx: Parameters<typeof getOrder>[1]) => {
      const before = await active()
      const result = await getOrder(input, ctx)
      if (stillActive(before)) search.noteFetched(before.id, 'orders', result.order)
      return result
    },
  }
}
