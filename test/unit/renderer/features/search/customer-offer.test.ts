// Which customer a search offers to open: the e-mail searched for, or the best hit's customer.
import { describe, expect, it } from 'vitest'
import { customerOffer, onceName } from '../../../../../src/renderer/src/features/search/customer-offer'
import { searchHit as hit, searchResult } from '../../../helpers/search-results'
import type { SearchHit, SearchResult } from '../../../../../src/shared/ipc/search'

function result(text: string, hits: SearchHit[], direct: SearchResult['direct'] = null): SearchResult {
  return searchResult(text, hits, { direct })
}

describe('customerOffer', () => {
  it('offers the e-mail searched for, with the name a hit gives it', () => {
    const r = result('Sanne.DeVries@example.com ', [
      hit('tr_1', 'Someone Else · other@example.com'),
      hit('tr_2', 'Sanne de Vries Sanne de Vries · sanne.devries@example.com'),
    ])
    expect(customerOffer(r)).toEqual({ email: 'sanne.devries@example.com', name: 'Sanne de Vries' })
  })

  it('offers the best hit’s customer for a name search, and nothing without hits or for an id', () => {
    expect(customerOffer(result('lukas', [hit('tr_1', 'Lukas Schneider · lukas.schneider@example.com')]))).toEqual({
      email: 'lukas.schneider@example.com',
      name: 'Lukas Schneider',
    })
    expect(customerOffer(result('lukas', [hit('tr_1', 'Lukas Schneider')]))).toBeNull()
    expect(customerOffer(result('a@b.example', []))).toBeNull()
    expect(customerOffer(result('tr_1', [hit('tr_1', 'x · x@y.example')], { kind: 'payment', id: 'tr_1' }))).toBeNull()
  })

  it('says a name given twice (billing and shipping) once', () => {
    expect(onceName('Ann Lee Ann Lee')).toBe('Ann Lee')
    expect(onceName('Ann Ann Lee')).toBe('Ann Ann Lee')
    expect(onceName('Emma')).toBe('Emma')
  })
})
