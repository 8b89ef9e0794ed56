import type { SearchHit, SearchResult } from '../../../../shared/ipc/search'
import { CUSTOMER_EMAIL_PATTERN } from '../../../../shared/customer-email'

// Which customer a search result offers to open (the customer view), if any: the e-mail address
// searched for, or else the customer of the best hit that names an e-mail address.

export interface CustomerOffer {
  email: string
  name: string | null
}

/** "Ann Lee Ann Lee" (the billing and the shipping name) → "Ann Lee": a name said twice once. */
export function onceName(text: string): string {
  const words = text.split(/\s+/).filter(Boolean)
  for (let k = 1; k < words.length; k++) {
    if (words.length % k === 0 && words.every((w, i) => w === words[i % k])) return words.slice(0, k).join(' ')
  }
  return words.join(' ')
}

/** The e-mail address and name in a hit's customer text ("Sanne de Vries · sanne@example.com"). */
function customerOfHit(hit: SearchHit): CustomerOffer | null {
  const words = hit.customer.split(/\s+/)
  const email = words.find((w) => CUSTOMER_EMAIL_PATTERN.test(w))
  if (!email) return null
  const name = onceName(hit.customer.split(' · ')[0] ?? '')
  return { email: email.toLowerCase(), name: name && !name.includes('@') ? name : null }
}

export function customerOffer(result: SearchResult | null): CustomerOffer | null {
  if (!result || result.direct) return null
  const hits = [...result.orders.hits, ...result.payments.hits]
  if (hits.length === 0) return null
  const typed = result.text.trim().toLowerCase()
  const customers = hits.map(customerOfHit).filter((c): c is CustomerOffer => c !== null)
  if (CUSTOMER_EMAIL_PATTERN.test(typed)) {
    return customers.find((c) => c.email === typed) ?? { email: typed, name: null }
  }
  return customers[0] ?? null
}
