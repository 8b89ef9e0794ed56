import { useCallback } from 'react'
import { controlIdOf, emptyDraftLine, type DraftLine } from '../../../../shared/order-builder'
import { standardVatRate } from '../../../../shared/vat-rates'
import { useBuilderStores, useBuilder } from './builder-context'

let keySeq = 0

/** A key no other line of the draft has (the row's React key and its elements' ids). */
function newLineKey(lines: readonly DraftLine[]): string {
  const used = new Set(lines.map((l) => l.key))
  let key: string
  do key = `l${Date.now().toString(36)}${(keySeq++).toString(36)}`
  while (used.has(key))
  return key
}

/** The lines' edits (change, move, duplicate, remove, add), each one update of the draft. */
export function useLineEdits(country: string) {
  const update = useBuilder((s) => s.update)
  const ordersApi = useBuilderStores().orders

  const changeLine = useCallback(
    (key: string, patch: Partial<DraftLine>) =>
      update((c) => ({ ...c, lines: c.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) })),
    [update],
  )
  const move = useCallback(
    (key: string, delta: number) => {
      update((c) => {
        const i = c.lines.findIndex((l) => l.key === key)
        const j = i + delta
        if (i < 0 || j < 0 || j >= c.lines.length) return c
        const a = c.lines[i]
        const b = c.lines[j]
        if (!a || !b) return c
        const next = [...c.lines]
        next[i] = b
        next[j] = a
        return { ...c, lines: next }
      })
      // Keep the keyboard where the line went.
      requestAnimationFrame(() =>
        document.getElementById(`pd-line-${key}`)?.querySelector<HTMLElement>('[data-move]')?.focus(),
      )
    },
    [update],
  )
  const duplicate = useCallback(
    (key: string) =>
      update((c) => {
        const i = c.lines.findIndex((l) => l.key === key)
        const line = c.lines[i]
        if (!line) return c
        const copy = { ...line, key: newLineKey(c.lines) }
        return { ...c, lines: [...c.lines.slice(0, i + 1), copy, ...c.lines.slice(i + 1)] }
      }),
    [update],
  )
  const remove = useCallback(
    (key: string) => update((c) => ({ ...c, lines: c.lines.filter((l) => l.key !== key) })),
    [update],
  )
  const add = (type: string) => {
    // The standard rate of where the goods go, visibly in the field (the agent may change it).
    const vatRate = standardVatRate(country) ?? ''
    update((c) => ({ ...c, lines: [...c.lines, { ...emptyDraftLine(newLineKey(c.lines), type), vatRate }] }))
    requestAnimationFrame(() => {
      const count = ordersApi.getState().content.lines.length
      document.getElementById(controlIdOf(`lines.${count - 1}.name`))?.focus()
    })
  }

  return { changeLine, move, duplicate, remove, add }
}
