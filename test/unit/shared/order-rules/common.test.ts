import { describe, expect, it } from 'vitest'
import { violationsByField, type RuleViolation } from '../../../../src/shared/order-rules'
import { present } from '../../../helpers/present'

describe('violationsByField', () => {
  it('groups violations by field keeping their order', () => {
    const v: RuleViolation[] = [
      { field: 'amount', message: 'a' },
      { field: 'lines.0.vatAmount', message: 'b' },
      { field: 'amount', message: 'c' },
    ]
    const g = violationsByField(v)
    expect(Object.keys(g)).toEqual(['amount', 'lines.0.vatAmount'])
    expect(present(g['amount']).map((x) => x.message)).toEqual(['a', 'c'])
    expect(violationsByField([{ field: '__proto__', message: 'x' }])['__proto__']).toHaveLength(1)
  })
})
