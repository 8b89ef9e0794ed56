// Runs the service's official Node client (@mollie/api-client, unmodified) against a sandbox, as a
// merchant's developer would: a separate node process started with `--import src/sandbox/trust.mjs`
// and SANDBOX_CA_CERT (docs/SANDBOX.md "The official Node client over --tls"). Prints one JSON object.
// Env: SANDBOX_ENDPOINT (…/v2/), SANDBOX_KEY, PAID (a paid payment with a chargeback), STEP.
import { createMollieClient } from '@mollie/api-client'

const mollie = createMollieClient({ apiKey: process.env.SANDBOX_KEY, apiEndpoint: process.env.SANDBOX_ENDPOINT })
const paid = process.env.PAID ?? ''
const out = {}

async function step(name, run) {
  try {
    out[name] = await run()
  } catch (error) {
    out[name] = { error: error instanceof Error ? error.message : String(error), field: error?.field }
  }
}

if (process.env.STEP === 'subscriptions') {
  // The customers suite of the client's own integration tests, then the rest of a subscription's life
  // (https://docs.mollie.com/reference/subscriptions-api) and a payment link.
  await step('customersSuite', async () => {
    const [first] = await mollie.customers.page()
    const subscriptions = await mollie.customerSubscriptions.page({ customerId: first.id })
    return { customer: first.id, subscriptions: subscriptions.length }
  })
  await step('subscription', async () => {
    const c = await mollie.customers.create({ name: 'Sub Client', email: 'sub.client@example.org' })
    const m = await mollie.customerMandates.create({
      customerId: c.id,
      method: 'directdebit',
      consumerName: 'Sub Client',
      consumerAccount: 'NL55INGB0000000000',
    })
    const s = await mollie.customerSubscriptions.create({
      customerId: c.id,
      amount: { currency: 'EUR', value: '25.00' },
      times: 4,
      interval: '3 months',
      description: 'Quarterly payment',
    })
    const got = await mollie.customerSubscriptions.get(s.id, { customerId: c.id })
    const listed = (await mollie.customerSubscriptions.page({ customerId: c.id })).map((x) => x.id)
    const all = (await mollie.subscription.page()).map((x) => x.id)
    const payments = (await mollie.subscriptionPayments.page({ customerId: c.id, subscriptionId: s.id })).map((p) => ({
      subscriptionId: p.subscriptionId,
      mandateId: p.mandateId,
      sequenceType: p.sequenceType,
      status: p.status,
    }))
    const updated = await mollie.customerSubscriptions.update(s.id, { customerId: c.id, description: 'Quarterly box' })
    const canceled = await mollie.customerSubscriptions.cancel(s.id, { customerId: c.id })
    return {
      id: s.id,
      mandate: m.id,
      status: got.status,
      timesRemaining: got.timesRemaining,
      nextPaymentDate: got.nextPaymentDate,
      listed,
      inAll: all.includes(s.id),
      payments,
      updated: updated.description,
      canceled: canceled.status,
    }
  })
  await step('badSubscription', async () => {
    const c = await mollie.customers.create({ name: 'No Mandate' })
    await mollie.customerSubscriptions.create({
      customerId: c.id,
      amount: { currency: 'EUR', value: '5.00' },
      interval: '2 fortnights',
      description: 'Never',
    })
    return 'no error'
  })
  await step('paymentLink', async () => {
    const l = await mollie.paymentLinks.create({
      amount: { currency: 'EUR', value: '24.95' },
      description: 'Bicycle tires',
    })
    const got = await mollie.paymentLinks.get(l.id)
    const listed = (await mollie.paymentLinks.page()).map((x) => x.id)
    return { id: l.id, description: got.description, checkout: got._links.paymentLink.href, listed }
  })
} else if (process.env.STEP === 'captures') {
  const authorized = process.env.AUTHORIZED ?? ''
  await step('captureCreate', async () => {
    const c = await mollie.paymentCaptures.create({ paymentId: authorized, amount: { currency: 'EUR', value: '4.00' } })
    return { id: c.id, status: c.status, amount: c.amount }
  })
  await step('captureList', async () => (await mollie.paymentCaptures.page({ paymentId: authorized })).map((c) => c.id))
  await step('captureGet', async () => {
    const [first] = await mollie.paymentCaptures.page({ paymentId: authorized })
    return (await mollie.paymentCaptures.get(first.id, { paymentId: authorized })).id
  })
  await step('payment', async () => {
    const p = await mollie.payments.get(authorized)
    return { status: p.status, amountCaptured: p.amountCaptured }
  })
} else {
  await step('methods', async () =>
    (
      await mollie.methods.list({ amount: { value: '10.00', currency: 'EUR' }, sequenceType: 'first', locale: 'nl_NL' })
    ).map((m) => m.id),
  )
  await step('method', async () => (await mollie.methods.get('banktransfer', { locale: 'de_DE' })).description)
  await step('customer', async () => {
    const c = await mollie.customers.create({ name: 'Official Client', email: 'client@example.org' })
    const again = await mollie.customers.get(c.id)
    const updated = await mollie.customers.update(c.id, { name: 'Official Client Renamed' })
    const p = await mollie.customerPayments.create({
      customerId: c.id,
      amount: { currency: 'EUR', value: '12.00' },
      description: 'Through the customer',
      redirectUrl: 'https://shop.example.com/return',
    })
    const page = await mollie.customerPayments.page({ customerId: c.id })
    return {
      id: c.id,
      email: again.email,
      name: updated.name,
      paymentCustomer: p.customerId,
      listed: page.map((x) => x.id),
    }
  })
  await step('customers', async () => (await mollie.customers.page({ limit: 5 })).length)
  await step('refund', async () => {
    const r = await mollie.paymentRefunds.create({ paymentId: paid, amount: { currency: 'EUR', value: '1.00' } })
    const listed = (await mollie.paymentRefunds.page({ paymentId: paid })).map((x) => x.id)
    const all = (await mollie.refunds.page({ limit: 10 })).map((x) => x.id)
    const canceled = await mollie.paymentRefunds.cancel(r.id, { paymentId: paid })
    const after = await mollie.paymentRefunds.get(r.id, { paymentId: paid })
    return { id: r.id, status: r.status, listed, all, canceled, after: after.status }
  })
  await step('duplicate', async () => {
    await mollie.paymentRefunds.create({ paymentId: paid, amount: { currency: 'EUR', value: '2.00' } })
    await mollie.paymentRefunds.create({ paymentId: paid, amount: { currency: 'EUR', value: '2.00' } })
    return 'no error'
  })
  await step('chargebacks', async () => {
    const forPayment = (await mollie.paymentChargebacks.page({ paymentId: paid })).map((c) => c.id)
    const all = (await mollie.chargebacks.page()).map((c) => c.id)
    const payment = await mollie.payments.get(paid, { embed: ['refunds', 'chargebacks'] })
    return {
      forPayment,
      all,
      amountChargedBack: payment.amountChargedBack,
      embeddedRefunds: payment._embedded?.refunds?.length,
    }
  })
  await step('badInput', async () => {
    await mollie.customers.create({ email: 'not-an-address' })
    return 'no error'
  })
}
process.stdout.write(JSON.stringify(out))
