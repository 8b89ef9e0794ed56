// @vitest-environment happy-dom
// The status bar's connection switcher, its hook over the window's real stores (only the preload
// bridge is faked): the keyboard starts on the active connection and follows the focused item,
// choosing asks main and closes (with the keyboard back on the status button) only when main
// switched, "Manage connections…" opens the Connections screen, and a press outside the status
// item closes the menu without taking the keyboard back, until the menu is gone.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import { useConnectionSwitcher } from '../../../../../src/renderer/src/features/connections/use-connection-switcher'
import type { ConnectionView } from '../../../../../src/shared/ipc/connections'
import { installBridge, refusal, renderInWindow, settled, windowStores } from '../../../helpers/hook-harness'
import { connection } from '../../../helpers/connection-objects'

const SANDBOX = connection('sandbox')
const BAKERY = connection('c_bakery', 'test', { label: 'Bakery' })
const FLORIST = connection('c_florist', 'live', { label: 'Florist' })

/** The status item as ConnectionStatus.tsx draws it: its button, and the menu with one item per connection and "Manage". */
function statusItem(connections: readonly ConnectionView[]) {
  const root = document.createElement('span')
  const button = document.createElement('button')
  const menu = document.createElement('div')
  const items = [...connections.map(() => 'menuitemradio'), 'menuitem'].map((role) => {
    const item = document.createElement('button')
    item.setAttribute('role', role)
    menu.append(item)
    return item
  })
  root.append(button, menu)
  document.body.append(root)
  return { root, button, menu, items }
}

/** Opens the switcher over `connections` with `activeId` active; the menu is in the page from the first render, as in the status bar. */
async function openSwitcher(connections: ConnectionView[], activeId: string) {
  const bridge = installBridge({ 'connections.list': { connections, activeId, notice: null } })
  const stores = windowStores()
  await stores.app.connections.getState().load()
  const closed: boolean[] = []
  const item = statusItem(connections)
  const view = renderInWindow(stores, () => {
    const switcher = useConnectionSwitcher((refocus) => closed.push(refocus))
    // React attaches the menu's ref before the effects run.
    switcher.menuRef.current = item.menu
    return switcher
  })
  await settled()
  return { bridge, stores, view, closed, ...item }
}

function pointerDown(target: EventTarget): void {
  act(() => {
    target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
  })
}

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
})

describe('useConnectionSwitcher', () => {
  it('starts on the active connection, with the keyboard on it', async () => {
    const { view, items } = await openSwitcher([SANDBOX, BAKERY, FLORIST], 'c_florist')
    expect(view.result.current.focused).toBe(2)
    expect(view.result.current.count).toBe(4)
    expect(document.activeElement).toBe(items[2])
  })

  it('starts on the first item when the active connection is not in the list', async () => {
    const { view, items } = await openSwitcher([SANDBOX, BAKERY], 'c_gone')
    expect(view.result.current.focused).toBe(0)
    expect(document.activeElement).toBe(items[0])
  })

  it('moves the keyboard to the item it focuses', async () => {
    const { view, items } = await openSwitcher([SANDBOX, BAKERY, FLORIST], 'sandbox')
    act(() => view.result.current.setFocused(3))
    expect(document.activeElement).toBe(items[3])
    act(() => view.result.current.setFocused(1))
    expect(document.activeElement).toBe(items[1])
  })

  it('asks main to switch, and closes with the keyboard back on the status button once main switched', async () => {
    const { bridge, view, closed, stores } = await openSwitcher([SANDBOX, BAKERY], 'sandbox')
    bridge.answer('connections.setActive', () => ({ ...BAKERY, isLive: false }))
    bridge.answer('connections.list', { connections: [SANDBOX, BAKERY], activeId: 'c_bakery', notice: null })
    await act(() => view.result.current.choose('c_bakery'))
    expect(bridge.inputsOf('connections.setActive')).toEqual([{ id: 'c_bakery' }])
    expect(closed).toEqual([true])
    expect(stores.app.connections.getState().activeId).toBe('c_bakery')
  })

  it("stays open with main's refusal when main did not switch", async () => {
    const { bridge, view, closed } = await openSwitcher([SANDBOX, FLORIST], 'sandbox')
    bridge.answer('connections.setActive', () => {
      throw refusal('keychain-unavailable', 'The keychain is locked: unlock it to use Florist.')
    })
    await act(() => view.result.current.choose('c_florist'))
    await settled()
    expect(closed).toEqual([])
    expect(view.result.current.switchError?.message).toBe('The keychain is locked: unlock it to use Florist.')
    expect(view.result.current.activeId).toBe('sandbox')
    act(() => view.result.current.clearSwitchError())
    expect(view.result.current.switchError).toBeNull()
  })

  it('"Manage connections…" closes without taking the keyboard back and opens the Connections screen', async () => {
    const { view, closed, stores } = await openSwitcher([SANDBOX], 'sandbox')
    act(() => view.result.current.manage())
    expect(closed).toEqual([false])
    expect(stores.app.app.getState().screen).toBe('connections')
  })

  it('closes on a press outside the status item (keyboard left where it is), not on one inside it', async () => {
    const { closed, button, items } = await openSwitcher([SANDBOX, BAKERY], 'sandbox')
    pointerDown(items[1] as HTMLElement)
    pointerDown(button)
    expect(closed).toEqual([])
    const elsewhere = document.createElement('div')
    document.body.append(elsewhere)
    pointerDown(elsewhere)
    expect(closed).toEqual([false])
  })

  it('stops listening for presses once the menu is gone', async () => {
    const { view, closed } = await openSwitcher([SANDBOX], 'sandbox')
    view.unmount()
    pointerDown(document.body)
    expect(closed).toEqual([])
  })
})
