import { isPageSize } from '../../../../shared/service/pagination'

/** Parses the page-size field: '' is the service default (no `limit` sent, spec 4.3), else 1–MAX_PAGE_SIZE. */
export function parsePageSize(text: string): { ok: true; value: number | null } | { ok: false } {
  const t = text.trim()
  if (t === '') return { ok: true, value: null }
  if (!/^\d{1,3}$/.test(t)) return { ok: false }
  const n = Number.parseInt(t, 10)
  return isPageSize(n) ? { ok: true, value: n } : { ok: false }
}
