import { lazy, Suspense, useEffect } from 'react'
import { HomeScreen } from './HomeScreen'
import type { ScreenId } from '../stores/app-store'

// The screens, each in its own chunk but Home (the first screen): starting the window parses the
// shell and Home only, and a screen's code is fetched the first time it is opened. Once the window
// is idle after start, the other screens are fetched in the background, so the first switch to one
// usually finds it ready.

const loaders = {
  orders: () => import('../features/builder/BuilderScreen').then((m) => ({ default: m.BuilderScreen })),
  order: () => import('./OrderScreen').then((m) => ({ default: m.OrderScreen })),
  customer: () => import('./CustomerScreen').then((m) => ({ default: m.CustomerScreen })),
  payments: () => import('./PaymentsScreen').then((m) => ({ default: m.PaymentsScreen })),
  inspector: () => import('../features/inspector/InspectorScreen').then((m) => ({ default: m.InspectorScreen })),
  connections: () =>
    import('../features/connections/ConnectionsScreen').then((m) => ({ default: m.ConnectionsScreen })),
  chargebacks: () =>
    import('../features/chargebacks/ChargebacksScreen').then((m) => ({ default: m.ChargebacksScreen })),
} satisfies Record<Exclude<ScreenId, 'home'>, () => Promise<{ default: () => React.JSX.Element }>>

const SCREEN_COMPONENTS: Record<ScreenId, React.ComponentType> = {
  home: HomeScreen,
  orders: lazy(loaders.orders),
  order: lazy(loaders.order),
  customer: lazy(loaders.customer),
  payments: lazy(loaders.payments),
  inspector: lazy(loaders.inspector),
  connections: lazy(loaders.connections),
  chargebacks: lazy(loaders.chargebacks),
}

function ScreenLoading(): React.JSX.Element {
  return (
    <div className="empty-state" role="status" data-testid="screen-loading">
      <span className="spinner" aria-hidden="true" /> Loading…
    </div>
  )
}

/** Fetches the other screens' code once the window has been idle after start (at most once). */
function usePrefetchScreens(): void {
  useEffect(() => {
    const idle = (globalThis as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => number })
      .requestIdleCallback
    const prefetch = () => {
      for (const load of Object.values(loaders)) void load().catch(() => {})
    }
    // Well after the first screen is painted with its data; a failure is retried on first open.
    const timer = setTimeout(() => (idle ? idle(prefetch, { timeout: 10_000 }) : prefetch()), 2_000)
    return () => clearTimeout(timer)
  }, [])
}

/** The open screen, with a loading state while its code is fetched the first time. */
export function ScreenView({ screen }: { screen: ScreenId }): React.JSX.Element {
  usePrefetchScreens()
  const Screen = SCREEN_COMPONENTS[screen]
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  )
}
