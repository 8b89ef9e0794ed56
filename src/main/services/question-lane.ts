// Main's native questions are asked one at a time: the live-write confirmation
// (live-write-guard.ts) and main's other questions (main-questions.ts) go through different ports
// but share one lane once the app is built (createAppServices), so a page cannot open a live write
// and a foreign-host question side by side either. Keyed by the port; a port in no shared lane is
// its own lane.

const lanes = new WeakMap<object, object>()
const open = new WeakSet<object>()

/** Puts these ports into one lane: while a question is open on one, none opens on another. */
export function shareQuestionLane(...ports: (object | undefined)[]): void {
  const lane = {}
  for (const port of ports) if (port) lanes.set(port, lane)
}

/** Opens the port's lane for one question: a function that closes it, or null when a question is open. */
export function openQuestion(port: object): (() => void) | null {
  const lane = lanes.get(port) ?? port
  if (open.has(lane)) return null
  open.add(lane)
  return () => void open.delete(lane)
}
