import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  emailNewLinkOf,
  emailProofOf,
  newLinkFor,
  saveProofOf,
  showProofOf,
  type SendingContext,
  type SendingPort,
  type SendingState,
  type SendingTarget,
} from './sending-actions'

export type { SendingPort, SendingState } from './sending-actions'

// Something to send from a payment or an order (issue 49 item 7): the page names the object; main
// reads it and answers with the proof of payment or the new link it made, and opens the e-mail draft
// or the save dialog itself. Created with its port, so it is unit-tested without a browser.
// Its actions: sending-actions.ts.

export function createSendingStore(port: SendingPort, target: SendingTarget): StoreApi<SendingState> {
  return createStore<SendingState>((set, get) => {
    const ctx: SendingContext = { set, get, port }
    return {
      target,
      proof: null,
      link: null,
      busy: null,
      note: null,
      error: null,
      showProof: () => showProofOf(ctx),
      emailProof: () => emailProofOf(ctx),
      saveProof: () => saveProofOf(ctx),
      newLink: () => newLinkFor(ctx),
      emailNewLink: () => emailNewLinkOf(ctx),
    }
  })
}
