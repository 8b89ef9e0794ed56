import { useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Payment } from '../../../../shared/api-types'
import type { DeliveryRecord } from '../../../../shared/deliveries'
import { shopBanner, shopDeveloperNote } from '../../../../shared/story/shop-told'
import { RequestButton } from '../../components/RequestButton'
import { TicketField } from '../../components/TicketField'
import { useLinkErrands } from '../../components/use-link-errands'
import type { ActionRecordEntry } from '../../../../shared/team-record'
import { ticketProblem, typedTicket } from '../../../../shared/ticket'
import type { ObjectRecordState } from '../../stores/team-store'
import { newTellShopStore } from '../../stores/view-stores'

/**
 * "I paid but the shop says I didn't" (issue 49 item 5): a paid payment whose webhook calls the shop did
 * not take. **Tell the shop again** asks main, which reads the webhook address itself, asks in its own
 * dialog and makes the call; the answer joins the timeline through the action record. The note for
 * the shop's developer says what was sent, when, and every answer.
 */
export function ShopBanner(props: {
  payment: Payment
  deliveries: readonly DeliveryRecord[] | null
  record: StoreApi<ObjectRecordState> | null
  locale: string
}): React.JSX.Element | null {
  if (!props.record) return <Banner {...props} told={[]} />
  return <WithRecord {...props} record={props.record} />
}

function WithRecord(props: {
  payment: Payment
  deliveries: readonly DeliveryRecord[] | null
  record: StoreApi<ObjectRecordState>
  locale: string
}): React.JSX.Element | null {
  const record = useStore(props.record, (s) => s.record)
  return <Banner {...props} told={record?.actions ?? []} />
}

function Banner(props: {
  payment: Payment
  deliveries: readonly DeliveryRecord[] | null
  record: StoreApi<ObjectRecordState> | null
  told: readonly ActionRecordEntry[]
  locale: string
}): React.JSX.Element | null {
  const { payment, deliveries, locale } = props
  const [store] = useState(newTellShopStore)
  const busy = useStore(store, (s) => s.busy)
  const result = useStore(store, (s) => s.result)
  const error = useStore(store, (s) => s.error)
  const [ticket, setTicket] = useState('')
  const webhook = Boolean(payment.webhookUrl) || Boolean(payment.orderId)
  const banner = shopBanner({ status: payment.status, webhook }, deliveries, props.told, { locale })
  if (!banner && !result) return null
  const note = shopDeveloperNote(payment, banner, result)
  async function tell(): Promise<void> {
    const told = await store.getState().tell(payment.id, typedTicket(ticket))
    // The record's new row joins the timeline (main also says the record changed).
    if (told && props.record) await props.record.getState().load()
  }
  const tone = banner?.tone ?? (tookCall(result?.answer.status ?? null) ? 'done' : 'problem')
  return (
    <section
      className={`story-headline story-${tone} shop-banner`}
      aria-label="The shop's webhook"
      data-testid="shop-banner"
    >
      <div className="shop-banner-body">
        <p className="story-sentence" data-testid="shop-banner-sentence">
          {banner?.sentence ?? result?.sentence}
        </p>
        {result && (
          <p className="muted" role="status" data-testid="tell-shop-result">
            {result.sentence}
          </p>
        )}
        {error && (
          <p className="error" role="alert" data-testid="tell-shop-error">
            {error}
          </p>
        )}
        <div className="toolbar">
          <TicketField value={ticket} onChange={setTicket} testId="tell-shop-ticket" inline />
          <button
            type="button"
            className="btn btn-small"
            disabled={busy || ticketProblem(ticket) !== null}
            onClick={() => void tell()}
            data-testid="tell-shop"
          >
            {busy ? 'Waiting for your answer in Paydesk’s dialog…' : 'Tell the shop again'}
          </button>
          {result && (
            <RequestButton
              requestId={result.requestId}
              testId="tell-shop-inspector"
              title="Show the call in the Inspector"
            >
              View the call in Inspector
            </RequestButton>
          )}
        </div>
        <ShopNote note={note} />
      </div>
    </section>
  )
}

/** The note for the shop's developer: shown folded, copied with one click (through main). */
function ShopNote({ note }: { note: string }): React.JSX.Element {
  const { notice, copy } = useLinkErrands()
  return (
    <>
      <div className="toolbar">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void copy(note, 'Note for the shop’s developer')}
          data-testid="tell-shop-copy-note"
        >
          Copy note for the shop’s developer
        </button>
      </div>
      {notice && (
        <p className="muted" role="status">
          {notice}
        </p>
      )}
      <details>
        <summary>Note for the shop’s developer</summary>
        <pre className="code json-small" data-testid="tell-shop-note">
          {note}
        </pre>
      </details>
    </>
  )
}

function tookCall(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300
}
