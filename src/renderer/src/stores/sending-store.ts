import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import { toErrorView, type ErrorView } from './error-view'

// Something to send from a payment or an order (issue 49 item 7): the page names the object; main
// reads it and answers with the proof of payment or the new link it made, and opens the e-mail draft
// or the save dialog itself. Created with its port, so it is unit-tested without a browser.

type Target = ChannelInput<'forCustomer.proof'>

export interface SendingPort {
  proof(target: Target): Promise<ChannelOutput<'forCustomer.proof'>>
  emailProof(target: Target): Promise<ChannelOutput<'forCustomer.emailProof'>>
  saveProof(target: Target): Promise<ChannelOutput<'forCustomer.saveProof'>>
  newLink(target: Target): Promise<ChannelOutput<'forCustomer.newLink'>>
  emailNewLink(target: Target): Promise<ChannelOutput<'forCustomer.emailNewLink'>>
}

type Task = 'proof' | 'emailProof' | 'saveProof' | 'newLink' | 'emailNewLink'

export interface SendingState {
  target: Target
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

export function createSendingStore(port: SendingPort, target: Target): StoreApi<SendingState> {
  return createStore<SendingState>((set, get) => {
    /** Runs one task at a time; its note or error replaces the last one. */
    async function run<T>(task: Task, call: () => Promise<T>, done: (value: T) => Partial<SendingState>) {
      if (get().busy !== null) return
      set({ busy: task, note: null, error: null })
      try {
        const value = await call()
        set({ busy: null, ...done(value) })
      } catch (error) {
        set({ busy: null, error: toErrorView(error) })
      }
    }
    return {
      target,
      proof: null,
      link: null,
      busy: null,
      note: null,
      error: null,
      showProof: () =>
        run(
          'proof',
          () => port.proof(target),
          (proof) => ({ proof }),
        ),
      emailProof: () =>
        run(
          'emailProof',
          () => port.emailProof(target),
          () => ({ note: 'E-mail draft with the proof opened.' }),
        ),
      saveProof: () =>
        run(
          'saveProof',
          () => port.saveProof(target),
          (r) => ({ note: r.saved ? `Saved as ${r.fileName ?? 'PDF'}.` : 'Not saved: no file was chosen.' }),
        ),
      newLink: () =>
        run(
          'newLink',
          () => port.newLink(target),
          (link) => ({ link, note: `New payment link ${link.linkId} made.` }),
        ),
      emailNewLink: () =>
        run(
          'emailNewLink',
          () => port.emailNewLink(target),
          () => ({ note: 'E-mail draft with the new link opened.' }),
        ),
    }
  })
}
