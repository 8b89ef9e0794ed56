// Something to send's store with a fake port (issue 49 item 7): it names only its object to main, runs
// one task at a time (a second click while main works sends nothing more), and tells how each ended.
import { describe, expect, it } from 'vitest'
import { createSendingStore, type SendingPort } from '../../../../src/renderer/src/stores/sending-store'

const TARGET = { kind: 'payment', id: 'tr_7UhSN1zuXS' } as const

function fakePort(calls: string[]): SendingPort {
  const seen = (name: string, target: unknown) => calls.push(`${name} ${JSON.stringify(target)}`)
  return {
    proof: async (target) => {
      seen('proof', target)
      return { paymentId: TARGET.id, language: 'nl', title: 'Betalingsbewijs', rows: [], text: 'x', canEmail: true }
    },
    emailProof: async (target) => (seen('emailProof', target), { opened: true }),
    saveProof: async (target) => (seen('saveProof', target), { saved: false, fileName: null }),
    newLink: async (target) => {
      seen('newLink', target)
      return {
        linkId: 'pl_1',
        url: 'https://pay.example/pl_1',
        amount: { currency: 'EUR', value: '10.00' },
        description: 'Order 7',
        canEmail: false,
      }
    },
    emailNewLink: async () => {
      throw Object.assign(new Error('No e-mail was drafted: tr_7UhSN1zuXS has no customer e-mail address.'), {
        code: 'conflict',
        view: {},
      })
    },
  }
}

describe('sending store', () => {
  it('asks main with the object only, one task at a time', async () => {
    const calls: string[] = []
    const store = createSendingStore(fakePort(calls), TARGET)
    const first = store.getState().showProof()
    // A second click while main works is not sent.
    await store.getState().newLink()
    await first
    expect(calls).toEqual([`proof ${JSON.stringify(TARGET)}`])
    expect(store.getState().proof?.title).toBe('Betalingsbewijs')
    await store.getState().newLink()
    expect(store.getState()).toMatchObject({
      busy: null,
      note: 'New payment link pl_1 made.',
      link: { linkId: 'pl_1' },
    })
  })

  it('says when nothing was saved, and shows main’s words when it refused', async () => {
    const store = createSendingStore(fakePort([]), TARGET)
    await store.getState().saveProof()
    expect(store.getState().note).toBe('Not saved: no file was chosen.')
    await store.getState().emailNewLink()
    expect(store.getState()).toMatchObject({
      note: null,
      error: { code: 'conflict', message: 'No e-mail was drafted: tr_7UhSN1zuXS has no customer e-mail address.' },
    })
  })
})
