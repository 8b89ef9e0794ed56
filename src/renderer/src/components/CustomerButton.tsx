import type { Address } from '../../../shared/api-types'
import { CUSTOMER_EMAIL_PATTERN } from '../../../shared/customer-email'
import { isId } from '../../../shared/service/ids'
import { useAppStore } from '../stores/window-stores'
import type { CustomerTarget } from '../stores/app-store'

// "Customer" next to a payment's or an order's customer: opens the customer view. Small and free of
// the customer view's own code (that screen is fetched when it first opens).

/** Who an object's customer is: the service's customer id, else the first e-mail of its addresses. */
function customerTargetOf(object: {
  customerId?: string
  billingAddress?: Address
  shippingAddress?: Address
}): CustomerTarget | null {
  if (isId('customer', object.customerId)) return { customerId: object.customerId }
  const email = [object.billingAddress?.email, object.shippingAddress?.email].find(
    (e): e is string => typeof e === 'string' && CUSTOMER_EMAIL_PATTERN.test(e.trim()),
  )
  return email ? { email: email.trim() } : null
}

export function CustomerButton(props: {
  of: Parameters<typeof customerTargetOf>[0]
  testId: string
}): React.JSX.Element | null {
  const navigate = useAppStore((s) => s.navigate)
  const target = customerTargetOf(props.of)
  if (!target) return null
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => navigate({ screen: 'customer', ...target })}
      title="Everything this customer has: orders, payments, totals and problems"
      data-testid={props.testId}
    >
      Customer
    </button>
  )
}
