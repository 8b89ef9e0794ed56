// Order lines of seeded orders: products at a country's standard and reduced VAT rates, an
// occasional discount, shipping (https://docs.mollie.com/reference/create-order: vatAmount =
// totalAmount × vatRate / (100 + vatRate)).
import type { OrderLine } from '../../shared/api-types'
import { computeVatAmount, fromMinor, toMinor } from '../../shared/money'
import type { IdFactory } from '../ids'
import { untouchedLineCounts } from '../records'
import type { Country } from './people'

const PRODUCTS: readonly [string, number][] = [
  ['Linen shirt', 59_95],
  ['Ceramic mug', 14_50],
  ['Wool scarf', 39_00],
  ['Notebook A5', 8_95],
  ['Espresso beans 1 kg', 24_90],
  ['Desk lamp', 79_00],
  ['Running socks (3 pairs)', 19_99],
]

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T
}

function lineOf(
  o: { orderId: string; ids: IdFactory; createdAt: string },
  name: string,
  type: OrderLine['type'],
  quantity: number,
  unitMinor: bigint,
  vatRate: string,
  currency: string,
  discountMinor = 0n,
): OrderLine {
  const total = unitMinor * BigInt(quantity) - discountMinor
  // vatAmount = total × rate / (100 + rate), rounded as the service rounds it: money.ts, the one place.
  const vat = toMinor(computeVatAmount({ currency, value: fromMinor(total, currency) }, vatRate))
  const zero = { currency, value: fromMinor(0n, currency) }
  const line: OrderLine = {
    resource: 'orderline',
    id: o.ids.next('odl'),
    orderId: o.orderId,
    type,
    name,
    status: 'created',
    isCancelable: false,
    quantity,
    ...untouchedLineCounts(zero),
    cancelableQuantity: 0,
    unitPrice: { currency, value: fromMinor(unitMinor, currency) },
    totalAmount: { currency, value: fromMinor(total, currency) },
    vatRate,
    vatAmount: { currency, value: fromMinor(vat, currency) },
    createdAt: o.createdAt,
    _links: {},
  }
  if (discountMinor > 0n) line.discountAmount = { currency, value: fromMinor(discountMinor, currency) }
  return line
}

/** Lines of a seeded order: products at the standard and reduced VAT rate, a discount, shipping. */
export function orderLines(
  o: { orderId: string; ids: IdFactory; createdAt: string },
  country: Country,
  random: () => number,
  paidShipping = false,
): OrderLine[] {
  const currency = country.currency === 'EUR' || country.currency === 'GBP' ? country.currency : 'EUR'
  const lines: OrderLine[] = []
  const count = 1 + Math.floor(random() * 3)
  for (let i = 0; i < count; i++) {
    const [name, price] = pick(PRODUCTS, random)
    const quantity = 1 + Math.floor(random() * 3)
    const reduced = name.startsWith('Espresso') || name.startsWith('Notebook')
    const discount = i === 0 && random() < 0.25 ? BigInt(Math.floor(price * quantity * 0.1)) : 0n
    lines.push(lineOf(o, name, 'physical', quantity, BigInt(price), country.vat[reduced ? 1 : 0], currency, discount))
  }
  const free = random() < 0.3 && !paidShipping
  lines.push(lineOf(o, 'Shipping', 'shipping_fee', 1, free ? 0n : 4_95n, country.vat[0], currency))
  return lines
}
