import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { readJsonFile, writeJsonFileAtomic } from '../storage/atomic-file'

/**
 * The main window's size and position, remembered between runs (Electron-free: index.ts passes the
 * window's bounds and the displays' work areas). The file is input like any other in the data
 * folder: validated on load, and a window that would open off screen is brought back on screen.
 */
interface Rect {
  x: number
  y: number
  width: number
  height: number
}

interface WindowState {
  bounds: Rect
  maximized: boolean
}

const WINDOW_STATE_FILE = 'window-state.json'
export const DEFAULT_WINDOW_SIZE = { width: 1360, height: 860 } as const
export const MIN_WINDOW_SIZE = { width: 960, height: 600 } as const
/** Larger than any display; a bigger value is an edited or broken file. */
const MAX_EDGE = 100_000
/** How much of the window must show on some display to keep its position: enough to grab the title bar. */
const VISIBLE_EDGE = 64

function isCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_EDGE
}

/** Throws (with the reason) unless `raw` is a well-formed window state. */
export function parseWindowState(raw: unknown): WindowState {
  if (typeof raw !== 'object' || raw === null) throw new Error('not an object')
  const { bounds, maximized } = raw as Record<string, unknown>
  if (typeof maximized !== 'boolean') throw new Error('maximized must be true or false')
  if (typeof bounds !== 'object' || bounds === null) throw new Error('bounds missing')
  const { x, y, width, height } = bounds as Record<string, unknown>
  if (!isCoordinate(x) || !isCoordinate(y)) throw new Error('x and y must be whole numbers')
  if (!isCoordinate(width) || !isCoordinate(height) || width <= 0 || height <= 0) {
    throw new Error('width and height must be positive whole numbers')
  }
  return { bounds: { x, y, width, height }, maximized }
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  }
}

/**
 * Where the window opens. A remembered window keeps its place when enough of it shows on one of
 * today's displays (monitors come and go); otherwise it is centred on the primary display. The size
 * never goes below the minimum or beyond the display it lands on.
 */
export function placeWindow(
  saved: WindowState | null,
  workAreas: readonly Rect[],
): { bounds: Partial<Pick<Rect, 'x' | 'y'>> & Pick<Rect, 'width' | 'height'>; maximized: boolean } {
  const primary = workAreas[0]
  const wanted = saved?.bounds ?? { x: 0, y: 0, ...DEFAULT_WINDOW_SIZE }
  const fit = (area: Rect | undefined) => ({
    width: Math.max(MIN_WINDOW_SIZE.width, area ? Math.min(wanted.width, area.width) : wanted.width),
    height: Math.max(MIN_WINDOW_SIZE.height, area ? Math.min(wanted.height, area.height) : wanted.height),
  })
  if (saved) {
    const home = workAreas.find((area) => {
      const seen = overlap(saved.bounds, area)
      return seen.width >= VISIBLE_EDGE && seen.height >= VISIBLE_EDGE
    })
    if (home) {
      const size = fit(home)
      // Keep the title bar reachable: never above the display's top edge.
      return { bounds: { x: saved.bounds.x, y: Math.max(saved.bounds.y, home.y), ...size }, maximized: saved.maximized }
    }
  }
  const size = fit(primary)
  if (!primary) return { bounds: size, maximized: saved?.maximized ?? false }
  return {
    bounds: {
      x: primary.x + Math.round((primary.width - size.width) / 2),
      y: primary.y + Math.max(0, Math.round((primary.height - size.height) / 2)),
      ...size,
    },
    maximized: saved?.maximized ?? false,
  }
}

/** The remembered state, or null on first run or when the file is not usable (it is then kept as a .bak). */
export async function loadWindowState(dataDir: string): Promise<WindowState | null> {
  try {
    const result = await readJsonFile(path.join(dataDir, WINDOW_STATE_FILE), parseWindowState)
    return result.status === 'ok' ? result.value : null
  } catch {
    return null
  }
}

export async function saveWindowState(dataDir: string, state: WindowState): Promise<void> {
  await mkdir(dataDir, { recursive: true })
  await writeJsonFileAtomic(path.join(dataDir, WINDOW_STATE_FILE), parseWindowState(state))
}
