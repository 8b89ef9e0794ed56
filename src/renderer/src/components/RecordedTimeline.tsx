import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { withRecordedWrites } from '../../../shared/story/record-story'
import type { Story } from '../../../shared/story/payment-story'
import { Timeline } from './Story'
import type { ObjectRecordState } from '../stores/team-store'

/**
 * An object's timeline with the writes Paydesk recorded on it, in words and in time order ("Refund of
 * €45.00 by anna, ticket 4711"); the service's own moments stay as they are.
 */
export function RecordedTimeline(props: {
  story: Story
  record: StoreApi<ObjectRecordState> | null
  testId: string
  locale: string
  /** The level of its heading where the view has no h2 above it (the order view); 3 by default. */
  level?: 2 | 3
}): React.JSX.Element {
  if (!props.record)
    return <Timeline story={props.story} testId={props.testId} locale={props.locale} level={props.level} />
  return <WithRecord {...props} record={props.record} />
}

function WithRecord(props: {
  story: Story
  record: StoreApi<ObjectRecordState>
  testId: string
  locale: string
  level?: 2 | 3
}): React.JSX.Element {
  const { story, locale } = props
  const record = useStore(props.record, (s) => s.record)
  const timeline = record ? withRecordedWrites(story.timeline, record.actions, record.me, { locale }) : story.timeline
  return <Timeline story={{ ...story, timeline }} testId={props.testId} locale={locale} level={props.level} />
}
