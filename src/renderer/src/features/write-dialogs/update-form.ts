// The "Change payment" form apart from React: the fields as the payment has them, and what the agent
// changed (the changes main is asked for, their names for the confirm button) and whether the
// metadata typed is JSON. PaymentWrites.tsx keeps the fields in state and draws the form.
import type { Payment } from '../../../../shared/api-types'
import type { PaymentChanges } from '../../stores/write-store'

export interface UpdateFields {
  description: string
  redirectUrl: string
  webhookUrl: string
  /** The metadata as JSON text ('' for none). */
  metadata: string
}

/** The fields as the payment has them now. */
export function initialFields(payment: Payment): UpdateFields {
  return {
    description: payment.description,
    redirectUrl: payment.redirectUrl ?? '',
    webhookUrl: payment.webhookUrl ?? '',
    metadata: payment.metadata === undefined || payment.metadata === null ? '' : JSON.stringify(payment.metadata),
  }
}

/** What differs from the payment, in the channel's terms and in words, and why the metadata is refused. */
export function updateOf(
  payment: Payment,
  fields: UpdateFields,
): { changes: PaymentChanges; names: string[]; metadataProblem: string | null } {
  const before = initialFields(payment)
  const changes: PaymentChanges = {}
  const names: string[] = []
  if (fields.description !== before.description) {
    changes.description = fields.description
    names.push('description')
  }
  if (fields.redirectUrl !== before.redirectUrl) {
    changes.redirectUrl = fields.redirectUrl
    names.push('return address')
  }
  if (fields.webhookUrl !== before.webhookUrl) {
    // An emptied webhook address removes it.
    changes.webhookUrl = fields.webhookUrl === '' ? null : fields.webhookUrl
    names.push('webhook address')
  }
  if (fields.metadata !== before.metadata) {
    changes.metadataJson = fields.metadata
    names.push('metadata')
  }
  return { changes, names, metadataProblem: metadataProblem(fields.metadata) }
}

function metadataProblem(text: string): string | null {
  if (text.trim() === '') return null
  try {
    JSON.parse(text)
    return null
  } catch {
    return 'Metadata must be JSON, e.g. {"ticket": "SUP-1"}.'
  }
}
