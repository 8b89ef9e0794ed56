// The payments browser's main-side logic (spec 4.2, 4.3): list pages by query or by a link the
// service gave, get one payment, cancel a waiting request, and export what a browsing session
// was served. Electron-free; the API client comes from the active connection.
//
// Paging trust: the renderer may follow only a link main itself handed it. Every `_links` href of a
// page main returned is remembered for that browsing session (bounded); `list({link})` with any
// other string is refused before anything is sent, and a link must also name the payments list
// (path `…/payments`, query from/limit/sort only), so a compromised page cannot use the credential
// to read another resource on the API origin (a review fetched `/v2/customers` that way).
//
// Export trust: the renderer sends only payment ids and a format. Main writes its OWN copies of
// the payments it served to that browsing session (kept per session, bounded), fetching again by
// id the few it no longer holds; renderer-provided row data is never written, so a compromised
// renderer cannot put arbitrary content into a file. The user picks the path in the OS dialog.
//
// The parts: context.ts (sessions, served links, the request-id trace), browse.ts (list, get,
// cancel), exporting.ts, service.ts (wiring), types.ts.
export { isPaymentsListLink } from './context'
export { createPaymentsService } from './service'
export type * from './types'
