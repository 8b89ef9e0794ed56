import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import { toErrorView, type ErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The sending store's state and actions (sending-store.ts creates it): each task runs once at a time,
// and its note or error replaces the last one.

export type SendingTarget = ChannelInput<'forCustomer.proof'>

export interface SendingPort {
  proof(target: SendingTarget): Promise<ChannelOutput<'forCustomer.proof'>>
  emailProof(target: SendingTarget): Promise<ChannelOutput<'forCustomer.emailProof'>>
  saveProof(target: SendingTarget): Promise<ChannelOutput<'forCustomer.saveProof'>>
  newLink(target: SendingTarget): Promise<ChannelOutput<'forCustomer.newLink'>>
  emailNewLink(target: SendingTarget): Promise<ChannelOutput<'forCustomer.emailNewLink'>>
}

type Task = 'proof' | 'emailProof' | 'saveProof' | 'newLink' | 'emailNewLink'

export interface SendingState {
  target: SendingTarget
  proof: ChannelOutput<'forCustomer.proof'> | null
  link: ChannelOutput<'forCustomer.newLink'> | null
  /** The task main is working on, if any. */
  busy: Task | null
  /** How the last task ended, in a sentence. */
  note: string | null
  error: ErrorView | null
  showProof(): Promise<void>
  emailProof(): Promise<void>
  saveProof(): Promise<void>
  newLink(): Promise<void>
  emailNewLink(): Promise<void>
}

export type SendingContext = StoreContext<SendingState, SendingPort>

async function run<T>(
  { set, get }: SendingContext,
  task: Task,
  call: () => Promise<T>,
  done: (value: T) => Partial<SendingState>,
): Promise<void> {
  if (get().busy !== null) return
  set({ busy: task, note: null, error: null })
  try {
    const value = await call()
    set({ busy: null, ...done(value) })
  } catch (error) {
    set({ busy: null, error: toErrorView(error) })
  }
}

export const showProofOf = (ctx: SendingContext) =>
  run(
    ctx,
    'proof',
    () => ctx.port.proof(ctx.get().target),
    (proof) => ({ proof }),
  )

export const emailProofOf = (ctx: SendingContext) =>
  run(
    ctx,
    'emailProof',
    () => ctx.port.emailProof(ctx.get().target),
    () => ({ note: 'E-mail draft with the proof opened.' }),
  )

export const saveProofOf = (ctx: SendingContext) =>
  run(
    ctx,
    'saveProof',
    () => ctx.port.saveProof(ctx.get().target),
    (r) => ({ note: r.saved ? `Saved as ${r.fileName ?? 'PDF'}.` : 'Not saved: no file was chosen.' }),
  )

export const newLinkFor = (ctx: SendingContext) =>
  run(
    ctx,
    'newLink',
    () => ctx.port.newLink(ctx.get().target),
    (link) => ({ link, note: `New payment link ${link.linkId} made.` }),
  )

export const emailNewLinkOf = (ctx: SendingContext) =>
  run(
    ctx,
    'emailNewLink',
    () => ctx.port.emailNewLink(ctx.get().target),
    () => ({ note: 'E-mail draft with the new link opened.' }),
  )
