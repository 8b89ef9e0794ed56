import { formatMoment } from '../../../shared/dates'
import { isUnknownContact, type Contact } from '../../../shared/story/contact'
import type { Story, Tone } from '../../../shared/story/payment-story'
import './story.css'

// The parts of a payment's, an order's or a customer's view told in the agent's words
// (src/shared/story): the state and one sentence, the customer, and everything that happened, oldest
// first. API field names stay under each view's "API details".

const TONE_CLASS: Record<Tone, string> = {
  done: 'story-done',
  problem: 'story-problem',
  waiting: 'story-waiting',
  neutral: 'story-neutral',
}

export function StoryHeadline({ story, testId }: { story: Story; testId: string }): React.JSX.Element {
  return (
    <div className={`story-headline ${TONE_CLASS[story.tone]}`} data-testid={testId}>
      <span className="story-state" data-testid={`${testId}-state`}>
        {story.state}
      </span>
      <p className="story-sentence" data-testid={`${testId}-sentence`}>
        {story.headline}
      </p>
    </div>
  )
}

export function Timeline(props: { story: Story; testId: string; locale: string; level?: 2 | 3 }): React.JSX.Element {
  const { story, testId } = props
  const words = { locale: props.locale }
  // Its heading follows the view's: an h3 under a drawer's h2, an h2 right under a screen's h1.
  const Heading = props.level === 2 ? 'h2' : 'h3'
  return (
    <section aria-label="What happened" className="story-timeline">
      <Heading>What happened</Heading>
      <ol data-testid={testId}>
        {story.timeline.map((e, i) => (
          <li key={`${e.at}-${i}`} className={TONE_CLASS[e.tone]}>
            <time dateTime={e.at} title={formatMoment(e.at, 'date-time', words)}>
              {formatMoment(e.at, 'short-date-time', words)}
            </time>{' '}
            <span>{e.text}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}

export function ContactCard({ contact, testId }: { contact: Contact; testId: string }): React.JSX.Element {
  if (isUnknownContact(contact)) {
    return (
      <section aria-label="Customer" className="story-contact" data-testid={testId}>
        <h3>Customer</h3>
        <p className="muted">The service holds no name, e-mail or phone number for this customer.</p>
      </section>
    )
  }
  const rows: [string, string | null][] = [
    ['Name', contact.name],
    ['E-mail', contact.email],
    ['Phone', contact.phone],
    ['Address', contact.address],
  ]
  return (
    <section aria-label="Customer" className="story-contact" data-testid={testId}>
      <h3>Customer</h3>
      <dl className="story-contact-fields">
        {rows
          .filter((r): r is [string, string] => !!r[1])
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  )
}
