// The `search.*` IPC handlers: the search box, the home screen and the sync, over the search service,
// with the request log's recent failures, the practice customers and the team record's ticket references.
import type { HandlersFor } from '../../shared/ipc/define'
import type { PracticeCustomer, searchChannels } from '../../shared/ipc/search'
import { TICKET_MAX_LENGTH, TICKET_PATTERN } from '../../shared/ticket'
import type { RequestLogListView } from '../../shared/request-log-types'
import type { RecordObjectRef } from '../../shared/team-record'
import type { SearchService } from './service'

/** The team record's lookup by ticket reference (team/record-service.ts), as search needs it. */
interface TicketLookup {
  findByTicket(ticket: string): Promise<RecordObjectRef[]>
}

/**
 * The handlers over the search service and what app-services hands in (the request log's list, the
 * practice customers, the record's ticket lookup): named by shape, so search imports neither the
 * services nor the team folder.
 */
export function createSearchHandlers(
  search: SearchService,
  requestLog: { list(): Promise<RequestLogListView> },
  /** The seeded practice customers when the built-in Sandbox is active. */
  practice: () => Promise<PracticeCustomer[]>,
  record: TicketLookup,
): HandlersFor<typeof searchChannels> {
  return {
    'search.query': async ({ text }) => {
      const [result, ticket] = await Promise.all([search.query(text), ticketObjects(record, text)])
      return ticket ? { ...result, ticket } : result
    },
    'search.home': async () => {
      const [home, log, customers] = await Promise.all([search.home(), requestLog.list(), practice()])
      const recentErrors = log.entries
        .filter((e) => e.outcome !== 'success' && e.connectionId === home.index.connectionId)
        .slice(0, 5)
      return { ...home, practice: customers, recentErrors }
    },
    'search.sync': (input) => search.sync({ full: input?.full }),
    'search.cancelSync': () => search.cancelSync(),
    'search.status': () => search.status(),
    'search.setPaymentCap': (input) => search.setPaymentCap(input.payments),
  }
}

/**
 * The objects the shared record attaches a ticket reference to, when the text could be one (a word
 * with a digit: "4711", "SUP-2031"); a record that cannot be read finds nothing, the search goes on.
 */
async function ticketObjects(
  record: TicketLookup,
  text: string,
): Promise<{ reference: string; objects: RecordObjectRef[] } | null> {
  const reference = text.trim()
  if (reference.length > TICKET_MAX_LENGTH || !/\d/.test(reference) || !TICKET_PATTERN.test(reference)) return null
  const objects = await record.findByTicket(reference).catch(() => [])
  return objects.length > 0 ? { reference, objects } : null
}
