import { z } from 'zod'
import type { ActionRecordEntry } from '../team-record'
import { CUSTOMER_VIEW_BOUND } from './customers'
import { defineChannel } from './define'
import { objectRef } from './team'

// The writes recorded on many objects at once (issue 50, gap b): the customer view lists what was done
// on the customer's payments and orders, not only on the customer object. Reading the record is
// read-only; the page names the objects the view shows (at most the view's own bound of each).

/** The customer, and at most the view's orders and payments. */
const MAX_WRITES_OBJECTS = 2 * CUSTOMER_VIEW_BOUND + 1

export const teamWritesChannels = {
  /** Every write recorded on these objects, newest first, and the agent reading them. */
  'team.writesOn': defineChannel<{ writes: ActionRecordEntry[]; me: string }>()(
    z.object({ objects: z.array(objectRef).min(1).max(MAX_WRITES_OBJECTS) }).strict(),
  ),
}
