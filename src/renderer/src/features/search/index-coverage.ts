// What the search cannot see (issue 46 item 8): the local index keeps the newest payments and orders up
// to its cap; when the service holds older ones, a search may miss them, and the agent is told so with
// the look-ups that still reach them.
import type { IndexFreshness } from '../../../../shared/ipc/search'
import { formatCount } from '../../../../shared/count'
import { formatMoment } from '../../../../shared/dates'
import { sentenceStart } from '../../../../shared/story/words'

/** The sentence, or null when the index holds the whole lists. */
export function olderNotSearchedSentence(index: IndexFreshness): string | null {
  const parts: string[] = []
  const caps: string[] = []
  for (const kind of ['payments', 'orders'] as const) {
    const since = index.keptSince[kind]
    if (!since) continue
    parts.push(`${kind} created before ${formatMoment(since, 'date')}`)
    caps.push(`${formatCount(index.cap[kind])} ${kind}`)
  }
  if (parts.length === 0) return null
  const what = parts.join(' and ')
  return (
    `${sentenceStart(what)} are not in this desk's search (it keeps the newest ` +
    `${caps.join(' and ')}), so an older one may be missing here. Paste its id or link (tr_…, ord_…) to open ` +
    'it, or look in Payments, which asks the service.'
  )
}
