import type { Page } from 'playwright-core'
import type { LoafEntry } from './long-frames'

export interface ScrollRecord {
  /** rAF-to-rAF deltas (ms), one per scripted scroll step. */
  frames: number[]
  distance: number
  supported: boolean
  /** Long-animation-frame entries during the scroll, with their attribution. */
  long: LoafEntry[]
  /** performance.now() at the console.timeStamp(anchorName) call (aligns a trace with page time). */
  anchorPageTime: number
  /** The first frame's start (page time) and the last one's end. */
  from: number
  to: number
}

/**
 * Scrolls the payments list from top to bottom, `step` px per frame (a fast flick), in the page, and
 * returns every frame's rAF delta and the browser's long-animation-frame entries (frames over 50 ms:
 * script, style, layout and paint of that frame) with their scripts.
 */
export async function scrollThrough(page: Page, step: number, anchorName: string): Promise<ScrollRecord> {
  return page.evaluate(
    async ({ step, anchorName }) => {
      const box = document.querySelector('[data-testid="payments-scroll"]') as HTMLElement
      box.scrollTop = 0
      await new Promise((r) => setTimeout(r, 500))
      const frames: number[] = []
      const long: LoafEntry[] = []
      const supported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as (LoafEntry & { scripts: LoafEntry['scripts'] })[]) {
          long.push({
            startTime: e.startTime,
            duration: e.duration,
            renderStart: e.renderStart,
            styleAndLayoutStart: e.styleAndLayoutStart,
            blockingDuration: e.blockingDuration,
            scripts: e.scripts.map((s) => ({
              invokerType: s.invokerType,
              invoker: s.invoker,
              sourceURL: s.sourceURL,
              sourceFunctionName: s.sourceFunctionName,
              sourceCharPosition: s.sourceCharPosition,
              startTime: s.startTime,
              executionStart: s.executionStart,
              duration: s.duration,
              forcedStyleAndLayoutDuration: s.forcedStyleAndLayoutDuration,
              pauseDuration: s.pauseDuration,
            })),
          })
        }
      })
      if (supported) observer.observe({ type: 'long-animation-frame' })
      console.timeStamp(anchorName)
      const anchorPageTime = performance.now()
      return new Promise<ScrollRecord>((resolve) => {
        let last = performance.now()
        const from = last
        const tick = (now: number) => {
          frames.push(now - last)
          last = now
          if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) {
            const to = performance.now()
            // Let the last frames be reported before reading them.
            setTimeout(() => {
              observer.disconnect()
              const inScroll = long.filter((e) => e.startTime + e.duration >= from && e.startTime <= to)
              resolve({
                frames: frames.slice(1),
                distance: box.scrollTop,
                long: inScroll,
                supported,
                anchorPageTime,
                from,
                to,
              })
            }, 300)
            return
          }
          box.scrollTop += step
          requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      })
    },
    { step, anchorName },
  )
}
