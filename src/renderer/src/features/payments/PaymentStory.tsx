import type { Payment } from '../../../../shared/api-types'
import type { PaymentContext } from '../../../../shared/ipc/payments'
import { contactOf } from '../../../../shared/story/contact'
import { paymentStory } from '../../../../shared/story/payment-story'
import type { StoreApi } from 'zustand/vanilla'
import { ContactCard, StoryHeadline } from '../../components/Story'
import type { ObjectRecordState } from '../../stores/team-store'
import { RecordedTimeline } from '../../components/RecordedTimeline'
import { userLocale } from '../../lib/format'
import { ShopBanner } from './ShopBanner'

/** The story part of a payment's detail: headline, customer, timeline. */
export function PaymentStoryView({
  payment,
  context,
  record = null,
}: {
  payment: Payment
  context: PaymentContext | null
  /** The payment's shared record: its recorded writes join the timeline. */
  record?: StoreApi<ObjectRecordState> | null
}): React.JSX.Element {
  const locale = userLocale()
  const story = paymentStory(payment, { deliveries: context?.deliveries ?? [], words: { locale } })
  const contact = contactOf(payment, context?.order ?? null)
  return (
    <div className="story" data-testid="payment-story">
      <StoryHeadline story={story} testId="payment-headline" />
      <ShopBanner payment={payment} deliveries={context ? context.deliveries : []} record={record} locale={locale} />
      {story.why && (
        <p className="notice" data-testid="detail-failure-why">
          <strong>Why it failed:</strong> {story.why}
        </p>
      )}
      <ContactCard contact={contact} testId="payment-contact" />
      <RecordedTimeline story={story} record={record} testId="payment-timeline" locale={locale} />
    </div>
  )
}
