// The search's first runs, made when the index opens instead of on the agent's first keystrokes
// (issue 28): each shape of search statement is prepared once and the query code has run, so the
// first searches of the day take what later ones take (main alone, 100,000 payments: the first
// keystroke after opening took 6.2–8.6 ms, 1.2–2.3 after this; the first ten 21–27 ms, 13–15).
import { parseSearchQuery } from '../../../shared/search/query'
import { countRows, type IndexContext } from './context'
import { readMarker } from './markers'
import { HITS_PER_GROUP, searchIndex } from './query'
import { TABLES } from './schema'

/** Each warm-up search stops, as a keystroke's does, within this time (a common word, a date…). */
const WARM_BUDGET_MS = 20

/** One query of each shape query.ts searches by: words, a phrase, words and filters, an amount… */
function warmTexts(word: string): string[] {
  const two = word.slice(0, 2)
  return [
    two,
    word,
    `${word} ${two}`,
    `${word}.${two}@`,
    `${word} open`,
    `${word} last 30 days`,
    `${word} 10.00`,
    'open',
    'canceled yesterday',
    'creditcard',
    '10.00',
    '€ 10,00 paid',
  ]
}

/** A word of the newest payment (or order), so the warm-up's word searches find rows to show. */
function sampleWord(ctx: IndexContext): string {
  for (const kind of TABLES) {
    const row = ctx.stmt(`SELECT name, email, description FROM mem.${kind}_fts ORDER BY rowid DESC LIMIT 1`).get()
    const word = row ? /[A-Za-z]{3,}/.exec(Object.values(row).join(' '))?.[0] : undefined
    if (word) return word.toLowerCase()
  }
  return 'order'
}

/**
 * Runs the warm-up's searches on both tables, a turn of the event loop between queries (it takes
 * 35–40 ms over 100,000 payments, and main stays free meanwhile), then forgets what they kept
 * (ctx.memo, ctx.dropped). Also counts the rows and reads the sync markers, which every answer
 * reports (counting 100,000 payments took 1.6 ms).
 */
export async function warmSearch(ctx: IndexContext, nowMs: number): Promise<void> {
  if (ctx.isClosed()) return
  try {
    for (const kind of TABLES) {
      countRows(ctx, kind)
      readMarker(ctx, kind)
    }
    for (const text of warmTexts(sampleWord(ctx))) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      if (ctx.isClosed()) return
      const parsed = parseSearchQuery(text, nowMs)
      if (!parsed.ok) continue
      for (const kind of TABLES) {
        ctx.budget.setDeadline(performance.now() + WARM_BUDGET_MS)
        try {
          searchIndex(ctx, kind, parsed.query, HITS_PER_GROUP)
        } finally {
          ctx.budget.setDeadline(null)
        }
      }
    }
  } catch {
    // Best effort: the index is open all the same, and a search that fails says why itself.
  } finally {
    ctx.memo.clear()
    ctx.dropped.clear()
  }
}
