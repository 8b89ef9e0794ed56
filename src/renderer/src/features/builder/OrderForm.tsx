import { EMBED_VALUES, LOCALES } from '../../../../shared/api-types'
import { CURRENCIES } from '../../../../shared/currencies'
import type { ActiveConnectionView } from '../../../../shared/ipc/connections'
import { controlIdOf, shippingCountryOf, type DraftContent } from '../../../../shared/order-builder'
import { formatAmountForDisplay } from '../../../../shared/money'
import { ORDER_ADDRESS_REQUIRED, PAYMENT_DESCRIPTION_MAX, truncatedDescription } from '../../../../shared/order-rules'
import { scopeForOperation } from '../../../../shared/service/scope'
import type { Highlight } from '../../stores/builder-store'
import { useBuilder } from './builder-context'
import { AddressFields } from './AddressFields'
import type { BuilderState } from './derive'
import { AmountField, CheckboxField, FieldMessages, SelectField, TextField } from './FormControls'
import { LinesEditor } from './LinesEditor'
import { MetadataEditor } from './MetadataEditor'
import { MethodPicker } from './MethodPicker'
import { ROUNDING_HELP } from './rounding'
import { readDateInput, type Suggestion } from '../../../../shared/input-suggestions'

const CURRENCY_OPTIONS = Object.entries(CURRENCIES)
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([c, info]) => ({ value: c, label: `${c} (${info.decimals} decimals)` }))

const LOCALE_OPTIONS = [
  ...LOCALES.map((l) => ({ value: l, label: l })),
  { value: '', label: 'The customer’s browser language' },
]

interface FormProps {
  content: DraftContent
  state: BuilderState
  connection: ActiveConnectionView | null
  highlight: Highlight | null
  expanded: Record<string, boolean>
  disabled: boolean
}

/** The order amount: computed from the lines (spec 2.3), shown with its formula. */
function AmountDisplay({
  state,
  content,
  highlight,
}: Pick<FormProps, 'state' | 'content' | 'highlight'>): React.JSX.Element {
  const { amount, amountFormula } = state.built
  const errors = state.formErrors['amount']
  const highlighted = highlight?.target.path === 'amount'
  return (
    <div className="field pd-amount">
      <span className="field-label" id="pd-amount-label">
        Amount (sum of the lines)
      </span>
      <output
        id={controlIdOf('amount')}
        tabIndex={0}
        aria-labelledby="pd-amount-label"
        className={`pd-amount-value mono${highlighted ? ' highlight' : ''}${errors ? ' invalid' : ''}`}
        title={ROUNDING_HELP}
        data-testid="order-amount"
      >
        {amount ? `${amount.currency} ${amount.value}` : `${content.currency} —`}
      </output>
      <div className="field-hint mono" data-testid="order-amount-formula">
        {amountFormula ?? 'Shown once every line has a valid quantity and unit price.'}
      </div>
      {amount && <div className="field-hint">{formatAmountForDisplay(amount, content.locale || 'en_US')}</div>}
      <FieldMessages path="amount" errors={errors} highlight={highlight} />
    </div>
  )
}

/** A date typed day-first gets its YYYY-MM-DD offered; one that reads two ways gets the format named. */
function dateInput(value: string): { suggestion: Suggestion | null; hint?: React.ReactNode } {
  const reading = readDateInput(value)
  if (reading?.kind === 'suggestion') return { suggestion: reading.suggestion }
  if (reading?.kind === 'ambiguous')
    return {
      suggestion: null,
      hint: (
        <span className="pd-warn" role="status">
          {reading.message}
        </span>
      ),
    }
  return { suggestion: null }
}

function useUpdate() {
  const update = useBuilder((s) => s.update)
  return (patch: Partial<DraftContent>) => update((c) => ({ ...c, ...patch }))
}

function UrlFields({
  content,
  state,
  highlight,
}: Pick<FormProps, 'content' | 'state' | 'highlight'>): React.JSX.Element {
  const set = useUpdate()
  return (
    <div className="pd-grid pd-grid-3">
      <TextField
        path="redirectUrl"
        api="redirectUrl"
        label="After paying, the customer returns to"
        required
        value={content.redirectUrl}
        hint="The shop's full address, starting with https://"
        onChange={(redirectUrl) => set({ redirectUrl })}
        errors={state.formErrors['redirectUrl']}
        highlight={highlight}
      />
      <TextField
        path="cancelUrl"
        api="cancelUrl"
        label="If the customer cancels, they go to (optional)"
        value={content.cancelUrl}
        onChange={(cancelUrl) => set({ cancelUrl })}
        errors={state.formErrors['cancelUrl']}
        highlight={highlight}
      />
      <TextField
        path="webhookUrl"
        api="webhookUrl"
        label="Status updates are sent to (optional, public address)"
        value={content.webhookUrl}
        hint="Must be reachable from the service: no localhost."
        onChange={(webhookUrl) => set({ webhookUrl })}
        errors={state.formErrors['webhookUrl']}
        highlight={highlight}
      />
    </div>
  )
}

/** profileId/testmode: only for organization tokens (spec 5.3/5.4); the connection decides them. */
function OrganizationFields({ content, state, connection, highlight }: FormProps): React.JSX.Element | null {
  const set = useUpdate()
  const operation = content.kind === 'order' ? 'create-order' : 'create-payment'
  if (!connection || scopeForOperation(connection.kind, operation).profileId === 'forbidden') return null
  const fromConnection = connection.profileId !== null
  return (
    <section className="panel pd-section" aria-labelledby="pd-org-title">
      <h2 id="pd-org-title">Organization token</h2>
      <div className="pd-grid pd-grid-3">
        <TextField
          path="profileId"
          api="profileId"
          label="Profile id"
          value={fromConnection ? (connection.profileId ?? '') : content.profileId}
          hint={
            fromConnection ? 'Set by the connection; it is what will be sent.' : 'Required with an organization token.'
          }
          onChange={(profileId) => {
            if (!fromConnection) set({ profileId })
          }}
          errors={state.formErrors['profileId']}
          highlight={highlight}
        />
        <CheckboxField
          path="testmode"
          label="Test mode"
          checked={connection.testmode === true}
          onChange={() => {}}
          hint="Follows the connection's mode (change it under Connections)."
          errors={state.formErrors['testmode']}
          highlight={highlight}
        />
      </div>
    </section>
  )
}

export function OrderForm(props: FormProps): React.JSX.Element {
  const { content, state, highlight } = props
  const set = useUpdate()
  const e = state.formErrors
  return (
    <>
      <section className="panel pd-section" aria-labelledby="pd-basics-title">
        <h2 id="pd-basics-title">Order</h2>
        <div className="pd-grid pd-grid-4">
          <TextField
            path="orderNumber"
            api="orderNumber"
            label="Order number"
            required
            value={content.orderNumber}
            onChange={(orderNumber) => set({ orderNumber })}
            errors={e['orderNumber']}
            highlight={highlight}
          />
          <CurrencyField content={content} state={state} highlight={highlight} />
          <SelectField
            path="locale"
            api="locale"
            label="Checkout page language"
            value={content.locale}
            options={LOCALE_OPTIONS}
            onChange={(locale) => set({ locale })}
            errors={e['locale']}
            highlight={highlight}
          />
          <AmountDisplay state={state} content={content} highlight={highlight} />
        </div>
      </section>

      <section className="panel pd-section" aria-labelledby="pd-lines-title">
        <h2 id="pd-lines-title">Lines</h2>
        <p className="field-hint">
          Totals and VAT are computed exactly; tick “own” to type your own value.{' '}
          <span className="pd-help" title={ROUNDING_HELP} tabIndex={0} aria-label={`Rounding rule: ${ROUNDING_HELP}`}>
            How is VAT rounded?
          </span>
        </p>
        <DraftLines kind="order" {...props} />
      </section>

      <section className="panel pd-section" aria-labelledby="pd-billing-title">
        <h2 id="pd-billing-title">Billing address</h2>
        <AddressFields
          prefix="billingAddress"
          address={content.billingAddress}
          required={ORDER_ADDRESS_REQUIRED}
          onChange={(billingAddress) => set({ billingAddress })}
          formErrors={e}
          highlight={highlight}
        />
        <h2 className="pd-subtitle">Shipping address</h2>
        <CheckboxField
          path="shippingSameAsBilling"
          label="Same as billing address"
          checked={content.shippingSameAsBilling}
          onChange={(shippingSameAsBilling) => set({ shippingSameAsBilling })}
        />
        {!content.shippingSameAsBilling && (
          <AddressFields
            prefix="shippingAddress"
            address={content.shippingAddress}
            required={ORDER_ADDRESS_REQUIRED}
            onChange={(shippingAddress) => set({ shippingAddress })}
            formErrors={e}
            highlight={highlight}
          />
        )}
        <div className="pd-grid pd-grid-3">
          <TextField
            path="consumerDateOfBirth"
            api="consumerDateOfBirth"
            label="Customer's date of birth (YYYY-MM-DD)"
            {...dateInput(content.consumerDateOfBirth)}
            value={content.consumerDateOfBirth}
            onChange={(consumerDateOfBirth) => set({ consumerDateOfBirth })}
            errors={e['consumerDateOfBirth']}
            highlight={highlight}
          />
          <CheckboxField
            path="shopperCountryMustMatchBillingCountry"
            label="Customer must pay from the billing country"
            checked={content.shopperCountryMustMatchBillingCountry}
            onChange={(v) => set({ shopperCountryMustMatchBillingCountry: v })}
            errors={e['shopperCountryMustMatchBillingCountry']}
            highlight={highlight}
          />
        </div>
      </section>

      <section className="panel pd-section" aria-labelledby="pd-checkout-title">
        <h2 id="pd-checkout-title">Checkout</h2>
        <UrlFields content={content} state={state} highlight={highlight} />
        <div className="pd-grid pd-grid-3">
          <MethodPicker content={content} onChange={(patch) => set(patch)} errors={e['method']} highlight={highlight} />
          <TextField
            path="expiresAt"
            api="expiresAt"
            label="Checkout link valid until (YYYY-MM-DD, optional)"
            {...dateInput(content.expiresAt)}
            value={content.expiresAt}
            placeholder="tomorrow … 100 days after"
            onChange={(expiresAt) => set({ expiresAt })}
            errors={e['expiresAt']}
            highlight={highlight}
          />
          <fieldset className="field">
            <legend className="field-label">Include in the response</legend>
            {EMBED_VALUES.map((v) => (
              <label key={v}>
                <input
                  type="checkbox"
                  checked={content.embed.includes(v)}
                  onChange={(ev) =>
                    set({
                      embed: ev.target.checked
                        ? EMBED_VALUES.filter((x) => x === v || content.embed.includes(x))
                        : content.embed.filter((x) => x !== v),
                    })
                  }
                  data-testid={`embed-${v}`}
                />{' '}
                {v}
              </label>
            ))}
          </fieldset>
        </div>
        <MetadataField content={content} state={state} highlight={highlight} />
      </section>
      <OrganizationFields {...props} />
    </>
  )
}

type FieldGroupProps = Pick<FormProps, 'content' | 'state' | 'highlight'>

/** The currency, the same field in both forms. */
function CurrencyField({ content, state, highlight }: FieldGroupProps): React.JSX.Element {
  const set = useUpdate()
  return (
    <SelectField
      path="currency"
      api="currency"
      label="Currency"
      required
      value={content.currency}
      options={CURRENCY_OPTIONS}
      onChange={(currency) => set({ currency })}
      errors={state.formErrors['currency']}
      highlight={highlight}
    />
  )
}

/** The merchant's own reference data, the same editor in both forms. */
function MetadataField({ content, state, highlight }: FieldGroupProps): React.JSX.Element {
  const set = useUpdate()
  return (
    <MetadataEditor
      path="metadata"
      label="Your own reference data (JSON)"
      value={content.metadata}
      onChange={(metadata) => set({ metadata })}
      errors={state.formErrors['metadata']}
      highlight={highlight}
    />
  )
}

/** The draft's lines, in an order or a payment. */
function DraftLines({
  kind,
  content,
  state,
  highlight,
  expanded,
  disabled,
}: FormProps & { kind: 'order' | 'payment' }) {
  return (
    <LinesEditor
      kind={kind}
      lines={content.lines}
      currency={content.currency}
      country={shippingCountryOf(content)}
      built={state.built.lines}
      formErrors={state.formErrors}
      highlight={highlight}
      expanded={expanded}
      disabled={disabled}
    />
  )
}

/** Create payment (spec 4.2): amount, description, URLs, method, optional lines. */
export function PaymentForm(props: FormProps): React.JSX.Element {
  const { content, state, highlight } = props
  const set = useUpdate()
  const e = state.formErrors
  const descriptionLength = [...content.description].length
  const truncated = descriptionLength > PAYMENT_DESCRIPTION_MAX ? truncatedDescription(content.description) : null
  return (
    <>
      <section className="panel pd-section" aria-labelledby="pd-payment-title">
        <h2 id="pd-payment-title">Payment</h2>
        <div className="pd-grid pd-grid-4">
          <CurrencyField content={content} state={state} highlight={highlight} />
          {content.paymentWithLines ? (
            <AmountDisplay state={state} content={content} highlight={highlight} />
          ) : (
            <AmountField
              path="paymentAmount"
              api="amount.value (with amount.currency)"
              label="Amount"
              required
              value={content.paymentAmount}
              currency={content.currency}
              onChange={(paymentAmount) => set({ paymentAmount })}
              errors={e['paymentAmount']}
              highlight={highlight}
            />
          )}
          <SelectField
            path="locale"
            api="locale"
            label="Checkout page language (optional)"
            value={content.locale}
            options={[{ value: '', label: 'Not set' }, ...LOCALES.map((l) => ({ value: l, label: l }))]}
            onChange={(locale) => set({ locale })}
            errors={e['locale']}
            highlight={highlight}
          />
        </div>
        <TextField
          path="description"
          api="description"
          label={`Description (${descriptionLength} / ${PAYMENT_DESCRIPTION_MAX})`}
          required
          value={content.description}
          onChange={(description) => set({ description })}
          errors={e['description']}
          highlight={highlight}
          hint={
            truncated !== null ? (
              <span className="pd-warn" data-testid="description-truncated">
                Longer than {PAYMENT_DESCRIPTION_MAX} characters: the service keeps only “{truncated}”.
              </span>
            ) : undefined
          }
        />
        <UrlFields content={content} state={state} highlight={highlight} />
        <MethodPicker content={content} onChange={(patch) => set(patch)} errors={e['method']} highlight={highlight} />
        <MetadataField content={content} state={state} highlight={highlight} />
      </section>
      <section className="panel pd-section" aria-labelledby="pd-plines-title">
        <h2 id="pd-plines-title">Lines</h2>
        <CheckboxField
          path="paymentWithLines"
          label="List what is sold (needed for pay-later methods and vouchers)"
          checked={content.paymentWithLines}
          onChange={(paymentWithLines) => set({ paymentWithLines })}
        />
        {content.paymentWithLines && <DraftLines kind="payment" {...props} />}
        <FieldMessages
          path="lines.add"
          errors={content.paymentWithLines ? undefined : e['lines.add']}
          highlight={highlight}
        />
      </section>
      <OrganizationFields {...props} />
    </>
  )
}
