// The "Change payment" form's decisions (no browser): the fields start as the payment has them; only
// what the agent changed is asked of main, named in words for the confirm button; an emptied webhook
// address removes it; metadata that is not JSON is refused before anything is sent.
import { describe, expect, it } from 'vitest'
import { initialFields, updateOf } from '../../../../../src/renderer/src/features/write-dialogs/update-form'
import { payment } from '../../../helpers/story-objects'

const open = payment({
  status: 'open',
  description: 'Order 12',
  redirectUrl: 'https://shop.example/back',
  webhookUrl: 'https://shop.example/hook',
  metadata: { order: 12 },
})

describe('the change form', () => {
  it('starts from the payment as it is, and asks nothing while nothing changed', () => {
    const fields = initialFields(open)
    expect(fields).toEqual({
      description: 'Order 12',
      redirectUrl: 'https://shop.example/back',
      webhookUrl: 'https://shop.example/hook',
      metadata: '{"order":12}',
    })
    expect(updateOf(open, fields)).toEqual({ changes: {}, names: [], metadataProblem: null })
    // A payment without addresses or metadata starts with empty fields.
    expect(initialFields(payment({ redirectUrl: null }))).toMatchObject({
      redirectUrl: '',
      webhookUrl: '',
      metadata: '',
    })
  })

  it('asks for what changed only, named in words, in the order of the form', () => {
    const fields = { ...initialFields(open), metadata: '{"order":13}', description: 'Order 12 (gift)' }
    expect(updateOf(open, fields)).toEqual({
      changes: { description: 'Order 12 (gift)', metadataJson: '{"order":13}' },
      names: ['description', 'metadata'],
      metadataProblem: null,
    })
    const moved = { ...initialFields(open), redirectUrl: 'https://shop.example/thanks' }
    expect(updateOf(open, moved).changes).toEqual({ redirectUrl: 'https://shop.example/thanks' })
    expect(updateOf(open, moved).names).toEqual(['return address'])
  })

  it('removes the webhook address when it is emptied, and empty metadata removes the metadata', () => {
    const fields = { ...initialFields(open), webhookUrl: '', metadata: '' }
    expect(updateOf(open, fields)).toEqual({
      changes: { webhookUrl: null, metadataJson: '' },
      names: ['webhook address', 'metadata'],
      metadataProblem: null,
    })
  })

  it('refuses metadata that is not JSON, in words, whatever else changed', () => {
    const fields = { ...initialFields(open), metadata: '{order: 13' }
    expect(updateOf(open, fields).metadataProblem).toBe('Metadata must be JSON, e.g. {"ticket": "SUP-1"}.')
    expect(updateOf(open, { ...fields, metadata: '   ' }).metadataProblem).toBeNull()
  })
})
