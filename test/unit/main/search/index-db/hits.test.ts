import { describe, expect, it } from 'vitest'
import { customerLine } from '../../../../../src/main/search/index-db/hits'
import { emailsOfHit } from '../../../../../src/main/search/customer-rows'

describe('whose a hit is, said once', () => {
  it('the same person as consumer, billing and shipping: one name, one e-mail', () => {
    expect(customerLine('Sanne de Vries Sanne de Vries', 'sanne.devries@example.com sanne.devries@example.com')).toBe(
      'Sanne de Vries · sanne.devries@example.com',
    )
    expect(customerLine('Ann Ann Ann', 'ann@example.com')).toBe('Ann · ann@example.com')
  })

  it('different names or e-mails are all kept, in order', () => {
    expect(customerLine('S. de Vries Sanne de Vries', 'a@example.com b@example.com a@example.com')).toBe(
      'S. de Vries Sanne de Vries · a@example.com, b@example.com',
    )
    // A name that only starts like a repeat is not cut.
    expect(customerLine('Lee Lee Ann', '')).toBe('Lee Lee Ann')
  })

  it('no name, no e-mail, or neither', () => {
    expect(customerLine('', 'x@example.com')).toBe('x@example.com')
    expect(customerLine('Marco Rossi', undefined)).toBe('Marco Rossi')
    expect(customerLine(undefined, '  ')).toBe('')
  })

  it('the customer view reads every e-mail back from the line', () => {
    const customer = customerLine('Ann Lee', 'Ann@Example.com b@example.com')
    expect(emailsOfHit({ customer })).toEqual(['ann@example.com', 'b@example.com'])
  })
})
