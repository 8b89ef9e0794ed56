// What a helpdesk ticket reference may be (issue 50): one rule for the IPC schema main checks, the
// search box's ticket lookup and the Ticket field the agent types in (components/TicketField.tsx).

/** The longest ticket reference (a helpdesk's "4711", "SUP-2024-001234"). */
export const TICKET_MAX_LENGTH = 64
/** A ticket reference: letters, digits and a few separators, no spaces or control characters. */
export const TICKET_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}#._/:-]*$/u
/** What is wrong with a reference that breaks the rule, in the agent's words. */
export const TICKET_RULE = 'A ticket reference is letters and digits (and # . _ / : -), without spaces.'
/** The same for a reference that is too long. */
export const TICKET_TOO_LONG = `A ticket reference is at most ${TICKET_MAX_LENGTH} characters.`

/** Why a typed ticket reference cannot be sent, or null when it can (empty, after trimming: none). */
export function ticketProblem(typed: string): string | null {
  const ticket = typed.trim()
  if (ticket === '') return null
  if (ticket.length > TICKET_MAX_LENGTH) return TICKET_TOO_LONG
  return TICKET_PATTERN.test(ticket) ? null : TICKET_RULE
}

/** The reference to send: trimmed, or undefined when the field is empty. */
export function typedTicket(typed: string): string | undefined {
  return typed.trim() || undefined
}
