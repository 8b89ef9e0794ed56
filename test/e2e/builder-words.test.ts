import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { present } from '../helpers/present'
import { fill, waitSaved } from './builder-helpers'
import { startHarness, type Harness } from './harness'

// Issue 13 item 6 in the built renderer: the builder speaks the agent's words (API names only under
// "API details"), and input that reads one way is offered a fix the agent takes with one click or
// Alt+Enter; amounts never change without that.

let h: Harness

describe('the builder in the agent’s words, with offered fixes', () => {
  beforeAll(async () => {
    h = await startHarness({ name: 'builder-words', query: 'screen=orders' })
    await h.page.getByTestId('create-bar').waitFor()
  })

  afterAll(async () => {
    await h?.close()
  })

  it('labels say what the agent calls things; API names wait behind "API details"', async () => {
    const { page } = h
    const form = page.locator('.pd-form')
    await expect(page.getByTestId('field-billingAddress.email').getAttribute('aria-required')).resolves.toBe('true')
    await expect(page.locator('label[for="pd-f-billingAddress-email"]').innerText()).resolves.toMatch(
      /^Customer e-mail\s*\*$/,
    )
    await expect(
      page.getByTestId('field-lines.0.type').locator('option', { hasText: 'Shipping' }).count(),
    ).resolves.toBe(1)
    // No API name is visible on a fresh form.
    const visible = await form.evaluate((el) => (el as HTMLElement).innerText)
    for (const name of ['billingAddress.email', 'shipping_fee', 'redirectUrl', 'consumerDateOfBirth', 'null']) {
      expect(visible).not.toContain(name)
    }
    const emailField = page.getByTestId('field-billingAddress.email').locator('xpath=..')
    await emailField.locator('summary', { hasText: 'API details' }).click()
    await expect(emailField.locator('.pd-api-body').innerText()).resolves.toContain('billingAddress.email')
    await page.getByTestId('lines-api-details').locator('summary').click()
    await expect(page.getByTestId('lines-api-details').innerText()).resolves.toContain('Shipping = shipping_fee')
  })

  it('a Dutch phone number is offered as +31…, taken with one click; a German one too (every country)', async () => {
    const { page } = h
    await fill(page, 'field-billingAddress.country', 'NL')
    await fill(page, 'field-billingAddress.phone', '06 1234 5678')
    await expect(page.getByTestId('field-billingAddress.phone').inputValue()).resolves.toBe('06 1234 5678')
    await expect(page.getByTestId('suggest-billingAddress.phone').innerText()).resolves.toContain('+31612345678')
    await page.getByTestId('accept-billingAddress.phone').click()
    await expect(page.getByTestId('field-billingAddress.phone').inputValue()).resolves.toBe('+31612345678')
    await expect(page.getByTestId('suggest-billingAddress.phone').count()).resolves.toBe(0)
    await fill(page, 'field-billingAddress.country', 'DE')
    await fill(page, 'field-billingAddress.phone', '030 1234567')
    await expect(page.getByTestId('suggest-billingAddress.phone').innerText()).resolves.toContain('+49301234567')
    await fill(page, 'field-billingAddress.phone', '030 12')
    await expect(page.getByTestId('suggest-billingAddress.phone').count()).resolves.toBe(0)
  })

  it('a day-first date is offered as YYYY-MM-DD (Alt+Enter takes it); one that reads two ways gets the format, not a guess', async () => {
    const { page } = h
    const dob = page.getByTestId('field-consumerDateOfBirth')
    await fill(page, 'field-consumerDateOfBirth', '04-05-1980')
    await expect(page.getByTestId('suggest-consumerDateOfBirth').count()).resolves.toBe(0)
    const hint = page.getByTestId('field-consumerDateOfBirth').locator('xpath=..').locator('.field-hint')
    await expect(hint.innerText()).resolves.toContain('write it as YYYY-MM-DD')
    await dob.fill('30-04-1980')
    await expect(page.getByTestId('suggest-consumerDateOfBirth').innerText()).resolves.toContain('1980-04-30')
    await dob.press('Alt+Enter')
    await expect(dob.inputValue()).resolves.toBe('1980-04-30')
  })

  it('amounts are read in the agent’s notation, echoed as sent, never rewritten; an ambiguous one asks', async () => {
    const { page } = h
    await fill(page, 'field-lines.0.name', 'Gift wrap')
    await fill(page, 'field-lines.0.unitPrice', '€ 1.234,50')
    await fill(page, 'field-lines.0.discountAmount', '1,5')
    await waitSaved(page)
    // The field and the saved draft keep what was typed; the request carries the exact value.
    await expect(page.getByTestId('field-lines.0.unitPrice').inputValue()).resolves.toBe('€ 1.234,50')
    const drafts = await h.services.drafts.list()
    const saved = await h.services.drafts.get(present(drafts.drafts[0], 'the saved draft').id)
    expect(saved.content.lines[0]).toMatchObject({ unitPrice: '€ 1.234,50', discountAmount: '1,5' })
    await expect(page.getByTestId('echo-value-lines.0.unitPrice').innerText()).resolves.toContain('1234.50 EUR')
    await expect(page.getByTestId('echo-value-lines.0.discountAmount').innerText()).resolves.toContain('1.50 EUR')
    await expect(page.getByTestId('request-preview').innerText()).resolves.toContain('"value": "1234.50"')
    await expect(page.getByTestId('request-preview').innerText()).resolves.toContain('"value": "1.50"')
    // "1,234" could be a thousand or three decimals: nothing is taken until the agent chooses.
    await fill(page, 'field-lines.0.unitPrice', '1,234')
    await expect(page.getByTestId('echo-lines.0.unitPrice').innerText()).resolves.toContain('could mean')
    await expect(page.getByTestId('request-preview').innerText()).resolves.not.toContain('"value": "1234.00"')
    await page.getByTestId('choose-lines.0.unitPrice-0').click()
    await expect(page.getByTestId('field-lines.0.unitPrice').inputValue()).resolves.toBe('1234.00')
    await expect(page.getByTestId('request-preview').innerText()).resolves.toContain('"value": "1234.00"')
    await h.screenshot('amounts-in-agent-notation')
  })

  it('no value-looking placeholders; required fields are marked and say so', async () => {
    const { page } = h
    const placeholders = await page
      .locator('.pd-form [placeholder]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('placeholder') ?? ''))
    // A placeholder may describe (“tomorrow … 100 days after”) but never look like a value one could mean.
    for (const text of placeholders) expect(text).not.toMatch(/^[-+\d€$£]|https?:|pfl_|^[{["]/)
    for (const id of ['field-orderNumber', 'field-redirectUrl', 'field-lines.0.name', 'field-lines.0.vatRate']) {
      await expect(page.getByTestId(id).getAttribute('aria-required')).resolves.toBe('true')
    }
    await expect(page.locator('label[for="pd-f-redirectUrl"] .pd-required').count()).resolves.toBe(1)
  })

  it('a VAT rate is chosen per line: the shipping country’s standard rate visibly, never a grey example', async () => {
    const { page } = h
    await fill(page, 'field-billingAddress.country', 'NL')
    await fill(page, 'field-lines.0.vatRate', '')
    await expect(page.getByTestId('field-lines.0.vatRate').getAttribute('placeholder')).resolves.toBeNull()
    // Empty: the order cannot go (named by the Create button); the standard rate is one click away.
    await expect(page.getByTestId('problems-region').innerText()).resolves.toContain('Line 1 VAT rate')
    await page.getByTestId('use-standard-vat-0').click()
    await expect(page.getByTestId('field-lines.0.vatRate').inputValue()).resolves.toBe('21.00')
    await expect(page.getByTestId('vat-source-0').innerText()).resolves.toContain('standard in NL')
    // A new line starts with the rate of where the goods go, in the field.
    await fill(page, 'field-billingAddress.country', 'DE')
    await page.getByTestId('add-line').click()
    const last = (await page.locator('[data-testid^="line-"]').count()) - 1
    await expect(page.getByTestId(`field-lines.${last}.vatRate`).inputValue()).resolves.toBe('19.00')
    await page.getByTestId(`remove-line-${last}`).click()
  })

  it('a discount keeps its meaning: 5 on a discount line is offered as -5.00, never as +5.00', async () => {
    const { page } = h
    await page.getByTestId('add-discount-line').click()
    const last = (await page.locator('[data-testid^="line-"]').count()) - 1
    await fill(page, `field-lines.${last}.unitPrice`, '5')
    await expect(page.getByTestId(`choose-lines.${last}.unitPrice-0`).innerText()).resolves.toBe('Use -5.00')
    await page.getByTestId(`choose-lines.${last}.unitPrice-0`).click()
    await expect(page.getByTestId(`field-lines.${last}.unitPrice`).inputValue()).resolves.toBe('-5.00')
    await page.getByTestId(`remove-line-${last}`).click()
  })

  it('the fields still to fill in are named, and each jumps to its field', async () => {
    const { page } = h
    await page.getByTestId('new-order-draft').click()
    const pending = page.getByTestId('problems-pending')
    await expect(pending.innerText()).resolves.toMatch(/\d+ fields still to fill in: .*Order number/)
    await pending.getByRole('button', { name: 'Order number' }).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pd-f-orderNumber')
  })

  it('“API details” are no Tab stops until opened; one switch opens them all', async () => {
    const { page } = h
    const summaries = page.locator('.pd-form details.pd-api:not([open]) > summary')
    const tabbable = await summaries.evaluateAll((els) => els.filter((el) => (el as HTMLElement).tabIndex >= 0).length)
    expect(tabbable).toBe(0)
    await page.getByTestId('api-details-switch').click()
    await expect.poll(() => page.locator('.pd-form details.pd-api:not([open])').count()).toBe(0)
    await expect(page.locator('.pd-form details.pd-api[open]').first().innerText()).resolves.toMatch(/\w/)
    await page.getByTestId('api-details-switch').click()
    await expect.poll(() => page.locator('.pd-form details.pd-api[open]').count()).toBe(0)
  })
})
