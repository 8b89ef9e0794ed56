import { BrowserWindow, clipboard, dialog, shell, type MessageBoxOptions } from 'electron'
import type { AppPorts } from './services/ports'
import { describeLiveWrite } from './services/live-write-guard'
import { createUserGestures } from './services/user-gestures'

// Electron's side of every port main's logic uses (ports.ts): the one place they are made in the app.

/**
 * The ports over Electron's shell, clipboard and dialogs. `appWindow` is read per call: dialogs are
 * modal on the app window once it exists (even when another app has the focus), else on the focused one.
 */
export function createElectronPorts(appWindow: () => BrowserWindow | null): AppPorts {
  const showMessageBox = (options: MessageBoxOptions) => {
    const parent = appWindow() ?? BrowserWindow.getFocusedWindow()
    return parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)
  }
  return {
    shell: { openExternal: (url) => shell.openExternal(url) },
    clipboard: { writeText: (text) => clipboard.writeText(text) },
    dialogs: {
      async chooseSavePath({ title, defaultName, filters }) {
        const focused = BrowserWindow.getFocusedWindow()
        const options = { title, defaultPath: defaultName, filters }
        const result = focused ? await dialog.showSaveDialog(focused, options) : await dialog.showSaveDialog(options)
        return result.canceled || !result.filePath ? null : result.filePath
      },
      // Main's own questions (main-questions.ts): modal on the app window; Escape is the cancel button.
      async ask({ title, message, detail, buttons, defaultId, cancelId }) {
        const result = await showMessageBox({
          type: 'question',
          title,
          message,
          detail,
          buttons,
          defaultId,
          cancelId,
          noLink: true,
        })
        return result.response
      },
    },
    liveWrites: {
      // Main's own question: Cancel is the default and the answer to Escape.
      async confirm(summary) {
        const { title, message, detail } = describeLiveWrite(summary)
        const buttons = ['Cancel', 'Send to LIVE']
        const options = { type: 'warning' as const, title, message, detail, buttons, defaultId: 0, cancelId: 0 }
        // Modal on the app window even when another app has the focus (a page can start a write any time).
        const result = await showMessageBox({ ...options, noLink: true })
        return result.response === 1
      },
    },
    gestures: createUserGestures(),
    pdf: { print: printHtmlToPdf },
    notices: {
      async show({ type, title, message, detail }) {
        await showMessageBox({ type, buttons: ['OK'], ...(title ? { title } : {}), message, detail })
      },
    },
  }
}

/**
 * A page main built (a proof of payment) printed to PDF by Chromium: an offscreen window with no
 * preload, no Node, JavaScript off and its own sandbox (hidden, never shown) loads the HTML as a data: URL (the page's own
 * policy allows no script and no outside resource), then `webContents.printToPDF` makes the file.
 */
async function printHtmlToPdf(html: string): Promise<Uint8Array> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      navigateOnDragDrop: false,
    },
  })
  try {
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
    window.webContents.on('will-navigate', (event) => event.preventDefault())
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
    const pdf = await window.webContents.printToPDF({ printBackground: true, pageSize: 'A4' })
    return new Uint8Array(pdf)
  } finally {
    window.destroy()
  }
}
