// Which columns fit the list's width (pure): the user's hidden columns, plus the least important
// ones dropped until the rest fit, so the list stays readable with the detail open or a narrow window.
/** Column widths (px) so rows keep one layout while the virtual window scrolls; description takes the rest. */
export const COLUMN_WIDTHS: Record<string, number | undefined> = {
  id: 190,
  status: 110,
  amount: 140,
  method: 120,
  description: undefined,
  createdAt: 190,
  mode: 64,
}

/** Most important first; the tail goes first when space runs out. */
export const COLUMN_PRIORITY = ['id', 'status', 'amount', 'createdAt', 'description', 'method', 'mode'] as const

/** The description column takes the rest of the width, but is no use below this. */
export const DESCRIPTION_MIN_WIDTH = 160

/** The list's width (px, 0 = not measured yet) → the hidden columns to apply. */
export function fitColumns(
  userHidden: Record<string, boolean>,
  width: number,
  widths: Record<string, number | undefined> = COLUMN_WIDTHS,
): Record<string, boolean> {
  if (width <= 0) return userHidden
  const hidden: Record<string, boolean> = { ...userHidden }
  const need = () =>
    COLUMN_PRIORITY.filter((id) => !hidden[id]).reduce((sum, id) => sum + (widths[id] ?? DESCRIPTION_MIN_WIDTH), 0)
  // Never drop the first three (id, status, amount): the list means nothing without them.
  for (const id of COLUMN_PRIORITY.slice(3).reverse()) {
    if (need() <= width) break
    hidden[id] = true
  }
  return hidden
}
