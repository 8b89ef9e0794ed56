import { useEffect, useState } from 'react'

/** The current time, re-read every `intervalMs` while `active` (countdowns). */
export function useNow(active: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [active, intervalMs])
  return active ? now : Date.now()
}
