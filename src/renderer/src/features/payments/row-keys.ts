// React keys for the rows of the virtual list. A key per payment id would make every frame of a fast
// scroll unmount the rows that left the view and create new DOM rows for the ones that came in. Here
// a row that came in takes the key (so the DOM row) of one that left, and its cells' text is updated
// in place; a row that stays in view keeps its key (and is not drawn again: PaymentRow is memoized).

export interface RowKeys {
  /** The keys of the consecutive rows first..last (unique among them), reusing freed keys. */
  keysFor(first: number, last: number): string[]
}

export function createRowKeys(): RowKeys {
  let byIndex = new Map<number, number>()
  let next = 0
  return {
    keysFor(first, last) {
      const kept = new Map<number, number>()
      for (let i = first; i <= last; i++) {
        const key = byIndex.get(i)
        if (key !== undefined) kept.set(i, key)
      }
      const inUse = new Set(kept.values())
      // Keys of rows that left the window, handed to the rows that came in.
      const free = [...byIndex.values()].filter((key) => !inUse.has(key))
      for (let i = first; i <= last; i++) {
        if (!kept.has(i)) kept.set(i, free.pop() ?? next++)
      }
      byIndex = kept
      const keys: string[] = []
      for (let i = first; i <= last; i++) keys.push(`r${kept.get(i)}`)
      return keys
    },
  }
}
