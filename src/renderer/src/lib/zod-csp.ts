import { z } from 'zod'

// zod 4 probes `new Function('')` to decide whether it may compile validators. The renderer's CSP
// forbids eval (SECURITY.md), so the probe itself is reported as a violation. Shared modules build
// zod schemas when they load, so this must run before any of them: main.tsx imports it first.
z.config({ jitless: true })
