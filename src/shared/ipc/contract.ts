import type { z } from 'zod'
import { actionChannels } from './actions'
import { appChannels } from './app'
import { chargebackChannels } from './chargebacks'
import { connectionChannels } from './connections'
import { customerChannels } from './customers'
import type { IpcResult } from './define'
import { draftChannels } from './drafts'
import type { EventName, PaydeskEvents } from './events'
import { orderChannels } from './orders'
import { paymentsChannels } from './payments'
import { recurringChannels } from './recurring'
import { requestLogChannels } from './request-log'
import { requestChannels } from './requests'
import { searchChannels } from './search'
import { sendingChannels } from './sending'
import { teamChannels } from './team'
import { teamWritesChannels } from './team-writes'
import { tellShopChannels } from './tell-shop'

/**
 * THE IPC contract: every channel of the app, merged from one map per domain. Adding a channel to
 * a domain map makes the compiler ask for its handler (main) and exposes it in the preload.
 */
export const contract = {
  ...appChannels,
  ...connectionChannels,
  ...requestLogChannels,
  ...orderChannels,
  ...draftChannels,
  ...paymentsChannels,
  ...searchChannels,
  ...actionChannels,
  ...customerChannels,
  ...teamChannels,
  ...chargebackChannels,
  ...requestChannels,
  ...recurringChannels,
  ...tellShopChannels,
  ...teamWritesChannels,
  ...sendingChannels,
}

type Contract = typeof contract
export type ChannelName = keyof Contract
export const CHANNEL_NAMES = Object.keys(contract) as ChannelName[]

export type ChannelInput<C extends ChannelName> = z.input<Contract[C]['input']>
export type ChannelOutput<C extends ChannelName> = Contract[C]['output']

type DomainOf<C> = C extends `${infer D}.${string}` ? D : never
type ActionOf<C, D extends string> = C extends `${D}.${infer A}` ? A : never
type Domain = DomainOf<ChannelName>

type ArgsOf<C extends ChannelName> =
  undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>]

/** `window.paydesk`: one named function per channel, grouped by domain, plus `on`. */
export type PaydeskApi = {
  [D in Domain]: {
    [C in ChannelName as ActionOf<C, D>]: (...args: ArgsOf<C>) => Promise<IpcResult<ChannelOutput<C>>>
  }
} & {
  on<E extends EventName>(event: E, listener: (payload: PaydeskEvents[E]) => void): () => void
}
