// Pages of the payments list as the payments store keeps them (src/renderer/src/lib/page-window.ts),
// for the list's tests: page i with `count` rows whose ids are tr_p<i>r<row>.
import type { PageSlot } from '../../../src/renderer/src/lib/page-window'
import { PageRows } from '../../../src/renderer/src/lib/page-rows'

export function pageSlot(i: number, count: number, state: PageSlot['state'] = 'loaded'): PageSlot {
  const ids = Array.from({ length: count }, (_, r) => `tr_p${i}r${r}`)
  return {
    key: `s${i}`,
    selfLink: `http://127.0.0.1/v2/payments?from=${ids[0]}&limit=${count}`,
    count,
    ids,
    rows: state === 'loaded' ? new PageRows(ids.map((id) => JSON.stringify({ id }))) : null,
    currencies: [],
    nextLink: null,
    previousLink: null,
    state,
    requestId: null,
  }
}
