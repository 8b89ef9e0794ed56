// React keys for the rows of the virtual list. A key per payment id would make every frame of a fast
// scroll unmount the rows that left the view and create new DOM rows for the ones that came in. Here
// the DOM rows are reused, and which DOM row draws which list row is chosen for the least work:
// - When most of the window is still in view (a slow scroll, the keyboard), a row that stays keeps
//   its key and is not drawn again (PaymentRow is memoized). A row that came in below takes the key
//   (so the DOM row) of one that left, its cells' text is updated in place, and React moves those few
//   DOM rows to the end. A row that came in above gets a new key (a new DOM row; the ones that left
//   are removed): with a key of a row that left below, React would move every row that stayed
//   instead (measured scrolling up one row a frame: about 16 ms of work a frame, 4.5 with new keys).
// - When most of the window is new (a fast flick, a jump, a list that starts over), the keys keep
//   their order and each key draws the row at its place in the window: every row's text is updated
//   and no DOM row moves. A DOM row that moves is taken out of the page's layout tree and put back:
//   its styles and layout objects are built anew, and on a flick of ~35 rows a frame that was about
//   a quarter of the frame's work (measured: style 2.7 → 0.75 ms, the frame's work about 19 → 14 ms),
//   and garbage that made Chromium collect more often during the scroll.

interface RowKeys {
  /** The keys of the consecutive rows first..last (unique among them), in the list's order, reusing freed keys. */
  keysFor(first: number, last: number): string[]
}

export function createRowKeys(): RowKeys {
  // The last window: its first row and the key of each of its rows, in order.
  let shownFirst = 0
  let shown: number[] = []
  let next = 0

  /** Most rows are new: the old keys in their order, then new keys if the window grew. */
  function inPlace(count: number): number[] {
    const keys = shown.slice(0, count)
    while (keys.length < count) keys.push(next++)
    return keys
  }

  /** Most rows stay: they keep their keys; rows that came in below take the keys of those that left, rows above new keys. */
  function recycled(first: number, count: number): number[] {
    const keys: (number | undefined)[] = []
    const inUse = new Set<number>()
    for (let i = 0; i < count; i++) {
      const key = shown[first + i - shownFirst]
      keys.push(key)
      if (key !== undefined) inUse.add(key)
    }
    const free = shown.filter((key) => !inUse.has(key))
    return keys.map((key, i) => key ?? (first + i < shownFirst ? next++ : (free.pop() ?? next++)))
  }

  return {
    keysFor(first, last) {
      const count = Math.max(0, last - first + 1)
      const stay = Math.max(0, Math.min(last, shownFirst + shown.length - 1) - Math.max(first, shownFirst) + 1)
      shown = stay * 2 > count ? recycled(first, count) : inPlace(count)
      shownFirst = first
      return shown.map((key) => `r${key}`)
    },
  }
}
