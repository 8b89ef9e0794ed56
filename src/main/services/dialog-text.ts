// Text that main puts into its own dialogs. Values come from requests a page built (a reference,
// a customer's name, a webhook address) or from files, so each is made one short, plain line:
// a value cannot push the lines after it out of sight, fake a line of its own, or hide behind
// invisible characters.

/** Control, format (bidi, zero-width) and line/paragraph separator characters, and all white space. */
const INVISIBLE_OR_BREAKING = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu
/** The same character more than this many times in a row is shortened. */
const MAX_RUN = 6
const RUN = new RegExp(`(.)\\1{${MAX_RUN},}`, 'gu')

/** Default longest value shown on one line. */
const MAX_DIALOG_VALUE = 120

/**
 * One line: breaks, tabs, control and invisible characters become one space; a run of one character
 * longer than six is cut to three and an ellipsis; the whole is cut to `max` characters with an
 * ellipsis (by code point, so no character is split).
 */
export function plainLine(value: string, max = MAX_DIALOG_VALUE): string {
  const collapsed = value
    .replace(INVISIBLE_OR_BREAKING, ' ')
    .replace(RUN, (_run, char: string) => `${char.repeat(3)}…`)
    .trim()
  const chars = [...collapsed]
  return chars.length > max ? `${chars.slice(0, Math.max(1, max - 1)).join('')}…` : collapsed
}

/** Longest page-sourced value main quotes under "From the draft:". */
const MAX_QUOTED = 60

/**
 * A value a page or a file supplied, quoted and cut short: one plain line whose own quotation marks
 * become plain apostrophes, so it cannot close the quote and continue in main's voice.
 */
function quotedLine(value: string, max = MAX_QUOTED): string {
  return `“${plainLine(value.replace(/["“”„«»]/g, "'"), max)}”`
}

/**
 * Main's own lines first, then the page's values under one heading, each quoted: the person reads
 * what main vouches for apart from what a draft (a page) or a file wrote.
 */
export function fromTheDraft(values: readonly (readonly [label: string, value: string | null])[]): string[] {
  const shown = values.filter((entry): entry is readonly [string, string] => entry[1] !== null && entry[1] !== '')
  return shown.length === 0
    ? []
    : ['From the draft:', ...shown.map(([label, value]) => `${label}: ${quotedLine(value)}`)]
}
