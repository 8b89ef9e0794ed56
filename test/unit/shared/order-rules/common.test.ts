import { describe, expect, it } from 'vitest'
import { violationsByField, type RuleViolation } from '../../../../src/shared/order-rules'
import { validateBody } from '../../../../src/shared/order-rules/common'
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

describe('validateBody: the frame of every body validator', () => {
  it('refuses a body that is not a JSON object in one sentence, without asking the check', () => {
    let asked = 0
    for (const body of [null, [], 'text', 7]) {
      const got = validateBody(body, () => asked++)
      expect(got).toHaveLength(1)
      expect(got[0]).toMatchObject({ field: '' })
      expect(got[0]?.message).toMatch(/^The request body must be a JSON object, not .+\.$/)
    }
    expect(asked).toBe(0)
  })

  it('answers what the check found, in its order, and refuses a body it cannot read', () => {
    const found = validateBody({ a: 1 }, (out, body) => {
      out.add('a', `a is ${String(body['a'])}`)
      out.add('b', 'b is missing')
    })
    expect(found).toEqual([
      { field: 'a', message: 'a is 1' },
      { field: 'b', message: 'b is missing' },
    ])
    expect(validateBody({}, () => {})).toEqual([])
    const unreadable = {
      get a(): never {
        throw new Error('no')
      },
    }
    expect(validateBody(unreadable, (_out, body) => void body['a'])).toEqual([
      { field: '', message: 'The request body could not be read.' },
    ])
  })
})
