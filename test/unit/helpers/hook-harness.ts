// Renders a view's hook in a DOM of its own (happy-dom: a test file opts in with
// `// @vitest-environment happy-dom`) over the window's real stores, their real IPC ports and the
// real IPC client. The one thing faked is the preload's bridge (`window.paydesk`): each channel a
// test answers returns what the test says, each other one is refused as main refuses an unknown
// channel, and every call is recorded. So a hook's test exercises the stores and the ports it uses
// as the window does.
import { act, renderHook, type RenderHookResult } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import type { StoreApi } from 'zustand/vanilla'
import type { ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract'
import type { IpcErrorView } from '../../../src/shared/ipc/define'
import type { EventName, PaydeskEvents } from '../../../src/shared/ipc/events'
import { newAppStores, newBuilderStores, newSearchStore } from '../../../src/renderer/src/app-stores'
import { AppStoresContext, type AppStores, type BuilderStores } from '../../../src/renderer/src/stores/window-stores'
import type { SearchState } from '../../../src/renderer/src/stores/search-store'
import { BuilderStoresContext } from '../../../src/renderer/src/features/builder/builder-context'
import { SearchStoreContext } from '../../../src/renderer/src/features/search/search-context'

/** How a test answers one channel: a value, or a function of the call's input (may throw an IpcErrorView). */
type Answer<C extends ChannelName> =
  ChannelOutput<C> | ((input: unknown) => ChannelOutput<C> | Promise<ChannelOutput<C>>)

export type Answers = { [C in ChannelName]?: Answer<C> }

/** A channel's answer that is main's refusal (`throw refusal(...)` inside an answer). */
export class Refusal {
  constructor(readonly view: IpcErrorView) {}
}

export function refusal(code: IpcErrorView['code'], message: string): Refusal {
  return new Refusal({ code, message })
}

export interface FakeBridge {
  /** Every call made, in order, with its input. */
  calls: { channel: ChannelName; input: unknown }[]
  /** The inputs of one channel's calls. */
  inputsOf(channel: ChannelName): unknown[]
  /** Sends one of main's events to the window's listeners. */
  emit<E extends EventName>(event: E, payload: PaydeskEvents[E]): void
  /** Answers (or answers differently) a channel from now on. */
  answer<C extends ChannelName>(channel: C, answer: Answer<C>): void
}

/** Installs a fake `window.paydesk` answering `answers`; an unanswered channel is refused. */
export function installBridge(answers: Answers = {}): FakeBridge {
  const table: Answers = { ...answers }
  const calls: FakeBridge['calls'] = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  async function run(channel: ChannelName, input: unknown): Promise<unknown> {
    calls.push({ channel, input })
    const answer = table[channel] as Answer<ChannelName> | undefined
    if (answer === undefined) {
      return { ok: false, error: { code: 'unknown-channel', message: `Not answered in this test: ${channel}` } }
    }
    try {
      const value = typeof answer === 'function' ? await (answer as (i: unknown) => unknown)(input) : answer
      return { ok: true, value }
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error: error.view }
      throw error
    }
  }
  const domains = new Proxy(
    {},
    {
      get(_target, domain: string) {
        if (domain === 'on') {
          return (event: string, listener: (payload: unknown) => void) => {
            const set = listeners.get(event) ?? new Set()
            set.add(listener)
            listeners.set(event, set)
            return () => set.delete(listener)
          }
        }
        return new Proxy(
          {},
          { get: (_t, action: string) => (input: unknown) => run(`${domain}.${action}` as ChannelName, input) },
        )
      },
    },
  )
  Object.defineProperty(window, 'paydesk', { value: domains, configurable: true, writable: true })
  return {
    calls,
    inputsOf: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.input),
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload)
    },
    answer(channel, answer) {
      ;(table as Record<string, unknown>)[channel] = answer
    },
  }
}

/** The window's stores as app-stores.ts makes them, over the bridge installed before. */
export interface WindowStores {
  app: AppStores
  builder: BuilderStores
  search: StoreApi<SearchState>
}

export function windowStores(): WindowStores {
  const app = newAppStores()
  return { app, builder: newBuilderStores(app.entities), search: newSearchStore() }
}

/** Renders `hook` inside the window's store contexts (as App.tsx provides them). */
export function renderInWindow<R, P = undefined>(
  stores: WindowStores,
  hook: (props: P) => R,
  options: { initialProps?: P } = {},
): RenderHookResult<R, P> {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      AppStoresContext.Provider,
      { value: stores.app },
      createElement(
        BuilderStoresContext.Provider,
        { value: stores.builder },
        createElement(SearchStoreContext.Provider, { value: stores.search }, children),
      ),
    )
  return renderHook<R, P>(hook, { wrapper, initialProps: options.initialProps as P })
}

/** Lets the calls and effects a step started finish (answers are promises; React batches in act). */
export async function settled(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

/** A key pressed on the window (or `target`), as the hooks' listeners receive it. */
export function pressKey(key: string, init: KeyboardEventInit = {}, target: EventTarget = window): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  act(() => {
    target.dispatchEvent(event)
  })
  return event
}

/**
 * A scroll box as the window lays it out, for a virtualized list's hook: happy-dom lays nothing
 * out, so the box is given its `height` and how high its content is (`contentHeight`), and it tells
 * each scroll with a scroll event after the scroll, as a browser does on its next frame (happy-dom's
 * scrollTo tells nothing). `scrolls` records each scroll asked of the box; `settled()` lets the
 * events arrive.
 */
export function scrollBox(height: number, contentHeight: () => number): HTMLDivElement & { scrolls: number[] } {
  const box = Object.assign(document.createElement('div'), { scrolls: [] as number[] })
  Object.defineProperty(box, 'clientHeight', { value: height })
  Object.defineProperty(box, 'clientWidth', { value: 1000 })
  Object.defineProperty(box, 'scrollHeight', { get: contentHeight })
  box.scrollTo = ((options: ScrollToOptions) => {
    const top = options.top ?? box.scrollTop
    box.scrolls.push(top)
    scrollAndTell(box, top)
  }) as typeof box.scrollTo
  document.body.append(box)
  return box
}

function scrollAndTell(box: HTMLElement, top: number): void {
  box.scrollTop = Math.max(0, Math.min(top, box.scrollHeight - box.clientHeight))
  setTimeout(() => box.dispatchEvent(new Event('scroll')), 0)
}

/** The agent scrolls `box` to `top` (the wheel, the scrollbar); `settled()` lets the list see it. */
export function scrollBoxTo(box: HTMLElement, top: number): void {
  scrollAndTell(box, top)
}
