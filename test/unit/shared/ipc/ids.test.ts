// One payment-id schema (issue 47 item 5): every channel that takes a payment id checks it with
// paymentIdSchema, the same object, so a bad id is refused the same way and in the same words
// wherever it is sent. The JSON Schema of the whole contract is searched for the payment-id pattern:
// a channel that checks a payment id some other way, or a new one not listed here, fails.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { contract, type ChannelName } from '../../../../src/shared/ipc/contract'
import { orderIdSchema, paymentIdSchema } from '../../../../src/shared/ipc/ids'
import { idError, ID_PATTERNS } from '../../../../src/shared/service/ids'

/** A field name, or: the array's element, the optional's inner schema, the union's nth option. */
type Step = string

/** Where each channel takes a payment id: the path through its input schema. */
const PAYMENT_ID_FIELDS: [ChannelName, Step[]][] = [
  ['payments.get', ['id']],
  ['payments.list', ['query', 'optional', 'from', 'optional']],
  ['payments.export', ['ids', 'element']],
  ['payments.refund', ['paymentId']],
  ['requests.refund', ['paymentId']],
  ['payments.refunds', ['paymentId']],
  ['payments.cancelPayment', ['paymentId']],
  ['payments.update', ['paymentId']],
  ['payments.refundGuard', ['paymentId']],
  ['payments.cancelRefund', ['paymentId']],
  ['payments.queuedRefunds', ['paymentId']],
  ['app.emailLink', ['option:0', 'id']],
  ['payments.tellShop', ['paymentId']],
  ['forCustomer.proof', ['option:0', 'id']],
  ['forCustomer.emailProof', ['option:0', 'id']],
  ['forCustomer.saveProof', ['option:0', 'id']],
  ['forCustomer.newLink', ['option:0', 'id']],
  ['forCustomer.emailNewLink', ['option:0', 'id']],
]

function follow(schema: z.ZodType, steps: Step[]): unknown {
  let at: unknown = schema
  for (const step of steps) {
    if (step.startsWith('option:')) at = (at as z.ZodUnion).options[Number(step.slice('option:'.length))]
    else if (step === 'optional') at = (at as z.ZodOptional<z.ZodType>).unwrap()
    else if (step === 'element') at = (at as z.ZodArray<z.ZodType>).element
    else at = (at as z.ZodObject).shape[step]
  }
  return at
}

/** How many times a JSON Schema holds `pattern`. */
function countPattern(node: unknown, pattern: string): number {
  if (Array.isArray(node)) return node.reduce((n: number, x) => n + countPattern(x, pattern), 0)
  if (node === null || typeof node !== 'object') return 0
  return Object.entries(node).reduce(
    (n, [key, value]) => n + (key === 'pattern' && value === pattern ? 1 : countPattern(value, pattern)),
    0,
  )
}

function patternCount(pattern: RegExp): number {
  return Object.values(contract).reduce(
    (n, def) => n + countPattern(z.toJSONSchema(def.input, { unrepresentable: 'any', io: 'input' }), pattern.source),
    0,
  )
}

describe('one payment-id schema for every channel that takes a payment id', () => {
  it.each(PAYMENT_ID_FIELDS)('%s checks its payment id with paymentIdSchema', (channel, steps) => {
    expect(follow(contract[channel].input, steps)).toBe(paymentIdSchema)
  })

  it('no other channel checks a payment id its own way', () => {
    expect(patternCount(ID_PATTERNS.payment)).toBe(PAYMENT_ID_FIELDS.length)
  })

  it("refuses what is not a payment id in the spec module's words, and takes one that is", () => {
    expect(paymentIdSchema.safeParse('tr_WN3a1b2c3d').success).toBe(true)
    for (const bad of ['ord_WN3a1b2c3d', 'tr_', 'tr_a b', `tr_${'a'.repeat(70)}`]) {
      const result = paymentIdSchema.safeParse(bad)
      expect(result.success, bad).toBe(false)
      if (bad.length < 64) expect(result.error?.issues[0]?.message).toBe(idError('payment', bad))
    }
  })

  it('order ids have their own schema, which the order channels share', () => {
    expect(follow(contract['orders.get'].input, ['id'])).toBe(orderIdSchema)
    expect(follow(contract['orders.cancel'].input, ['orderId'])).toBe(orderIdSchema)
    expect(follow(contract['app.emailLink'].input, ['option:1', 'id'])).toBe(orderIdSchema)
    expect(follow(contract['orders.newPayment'].input, ['orderId'])).toBe(orderIdSchema)
    expect(orderIdSchema.safeParse('tr_WN3a1b2c3d').error?.issues[0]?.message).toBe(idError('order', 'tr_'))
  })
})
