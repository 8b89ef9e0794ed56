// The keyboard shortcuts, as the sheet (`?`) lists them; no DOM here, so tests read it in node.

/** The shortcuts the sheet (`?`) lists, in the agent's words. */
export const SHORTCUTS: readonly { keys: string; what: string; where: string }[] = [
  { keys: 'Ctrl+K', what: 'Search: a customer, e-mail, amount, id or pasted link', where: 'Everywhere' },
  { keys: 'R', what: 'Refund…', where: 'Payment' },
  { keys: 'C', what: 'Cancel… (the payment or the order)', where: 'Payment, order' },
  { keys: 'O', what: 'Open the payment’s order', where: 'Payment' },
  { keys: 'L', what: 'Copy the payment link', where: 'Payment, order' },
  { keys: 'j / k, ↑ / ↓', what: 'Select the next / previous payment', where: 'Payments' },
  { keys: 'Enter', what: 'Open the selected payment (or press the focused button)', where: 'Payments' },
  { keys: 'Esc', what: 'Close the dialog, then the detail', where: 'Everywhere' },
  { keys: 'Ctrl+0…5', what: 'Switch screens', where: 'Everywhere' },
  { keys: 'F1', what: 'Help: the guide to common calls', where: 'Everywhere' },
  { keys: '?', what: 'This list', where: 'Everywhere' },
]
