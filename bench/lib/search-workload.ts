// What the search benchmarks type, and the orders they add to the index: one workload for
// bench:search (through the page, keystroke → paint) and bench:search-typing (main alone), so their
// figures are of the same keystrokes over the same kind of index.
import type { Order } from '../../src/shared/api-types'
import { present } from '../../test/helpers/present'

/** Typed one keystroke at a time: 134 keystrokes (e-mails, names, amounts, order numbers, filters). */
export const TYPED_QUERIES: readonly string[] = [
  'anna.1234@example.org',
  'katya',
  'visser77',
  '59.95',
  '€120,50',
  'B-105000',
  'paid ideal',
  'failed today',
  'last 7 days creditcard',
  'Order',
  'mülle',
  'T4242',
  'straat 99',
  'greta dubois',
]

/** Orders added to the index beside the sandbox's own, with names, e-mails and street addresses. */
export const SYNTHETIC_ORDERS = 20_000

const FIRST = ['Anna', 'Bram', 'Chloé', 'Daan', 'Eva', 'Finn', 'Greta', 'Hugo', 'Iris', 'Jules', 'Katya', 'Lars']
const LAST = ['Jansen', 'de Vries', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Müller', 'Dubois', 'Rossi', 'Novak']

/** Order `i` of the synthetic set (deterministic), created `i` minutes before now. */
export function syntheticOrder(i: number, profileId: string, nowMs = Date.now()): Order {
  const given = present(FIRST[i % FIRST.length])
  const family = `${present(LAST[(i >> 3) % LAST.length])}${i}`
  const value = `${10 + (i % 490)}.${String(i % 100).padStart(2, '0')}`
  return {
    resource: 'order',
    id: `ord_bench${String(i).padStart(8, '0')}`,
    profileId,
    mode: 'test',
    amount: { currency: 'EUR', value },
    status: present((['created', 'paid', 'expired', 'canceled'] as const)[i % 4]),
    orderNumber: `B-${100000 + i}`,
    createdAt: new Date(nowMs - i * 60_000).toISOString(),
    billingAddress: {
      givenName: given,
      familyName: family,
      email: `${given.toLowerCase()}.${i}@example.org`,
      streetAndNumber: `Straat ${i}`,
      postalCode: '1000 AA',
      city: 'Amsterdam',
      country: 'NL',
    },
    lines: [],
    metadata: { ticket: `T${i}` },
  } as unknown as Order
}
