/**
 * The application menu as plain data (Electron-free): index.ts hands it to Menu.buildFromTemplate,
 * whose types check every role here against Electron's own list. Standard roles give each platform
 * its usual Edit (copy/paste), Window and, on macOS, app menus. A packaged build has no reload and
 * no DevTools item (SECURITY.md: no debugging surface in production).
 */
type MenuRole =
  | 'appMenu'
  | 'fileMenu'
  | 'editMenu'
  | 'windowMenu'
  | 'about'
  | 'quit'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'help'

interface MenuItemTemplate {
  label?: string
  role?: MenuRole
  type?: 'separator'
  submenu?: MenuItemTemplate[]
  accelerator?: string
  click?: () => void
}

interface MenuActions {
  openDocumentation(): void
  /** Opens the in-app guide (an `app.help` event to the page). */
  openHelp(): void
  reportProblem(): void
}

/** The payment service's API reference: what support staff look up while using Paydesk. */
export const DOCUMENTATION_URL = 'https://docs.mollie.com/reference/'

export function buildMenuTemplate(options: {
  platform: NodeJS.Platform
  isPackaged: boolean
  actions: MenuActions
}): MenuItemTemplate[] {
  const { platform, isPackaged, actions } = options
  const mac = platform === 'darwin'
  const debugging: MenuItemTemplate[] = isPackaged
    ? []
    : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
  const view: MenuItemTemplate = {
    label: 'View',
    submenu: [
      ...debugging,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  }
  const aboutItems: MenuItemTemplate[] = [{ type: 'separator' }, { role: 'about', label: 'About Paydesk' }]
  const help: MenuItemTemplate = {
    role: 'help',
    submenu: [
      // The in-app guide to the common calls (the page's HelpGuide); F1 reaches it through the menu.
      { label: 'Paydesk Help', accelerator: 'F1', click: () => actions.openHelp() },
      { label: 'Payment API Documentation', click: () => actions.openDocumentation() },
      { label: 'Report a Problem…', click: () => actions.reportProblem() },
      // macOS has About in the app menu.
      ...(mac ? [] : aboutItems),
    ],
  }
  const appMenu: MenuItemTemplate[] = mac ? [{ role: 'appMenu' }] : []
  return [...appMenu, { role: 'fileMenu' }, { role: 'editMenu' }, view, { role: 'windowMenu' }, help]
}

/** Every role in a template, depth first (for tests and the packaged-build check). */
export function menuRoles(template: readonly MenuItemTemplate[]): MenuRole[] {
  return template.flatMap((item) => [...(item.role ? [item.role] : []), ...menuRoles(item.submenu ?? [])])
}
