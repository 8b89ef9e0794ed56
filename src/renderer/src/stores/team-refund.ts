import type { ChannelInput } from '../../../shared/ipc/contract'
import { formatAmountForDisplay } from '../../../shared/money'
import type { WriteRequestView } from '../../../shared/ipc/requests'
import type { RecordChange } from '../../../shared/team-record'

// A refund in team mode (issue 51): the desk holds no write key, so the refund dialog asks the team
// runner through a request; the outcome banner then follows the request (waiting for a lead, waiting
// for the runner, then the result) as main reports changes.

export interface TeamRefundPort {
  /** Whether refunds on this desk go through the team runner. */
  teamMode(): Promise<boolean>
  request(input: ChannelInput<'requests.refund'>): Promise<WriteRequestView>
  /** This login's requests, newest first. */
  mine(): Promise<WriteRequestView[]>
  onChanged(listener: (change: RecordChange) => void): () => void
}

const FINAL: ReadonlySet<WriteRequestView['state']> = new Set(['done', 'refused', 'unknown'])

/** The banner's sentence for a request. */
export function teamRefundWords(request: WriteRequestView): string {
  return `Refund of ${formatAmountForDisplay(request.amount)} asked for: ${request.words}`
}

/**
 * Follows one request until it is final: `tell` gets its words each time it changed. Returns the
 * unsubscribe (also called on its own once the request is final).
 */
export function followRequest(
  port: TeamRefundPort,
  request: WriteRequestView,
  tell: (words: string, final: boolean) => void,
): () => void {
  if (FINAL.has(request.state)) return () => undefined
  let stopped = false
  const stop = port.onChanged((change) => {
    if (change.kind !== 'request' && change.kind !== 'status') return
    void port.mine().then(
      (mine) => {
        const now = mine.find((r) => r.id === request.id)
        if (!now || stopped) return
        const final = FINAL.has(now.state)
        tell(teamRefundWords(now), final)
        if (final) end()
      },
      () => undefined,
    )
  })
  const end = () => {
    stopped = true
    stop()
  }
  return end
}
