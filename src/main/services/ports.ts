// The operating system's pieces main's logic uses, as ports: Electron's in the app (src/main/index.ts),
// doubles in the e2e harness and tests. Kept apart from app-services/ so services and desktop
// modules can name them without importing the composition root (no import cycle).
import type { ShellPort } from './external-links'
import type { LiveWriteConfirmer } from './live-write-guard'
import type { QuestionPort } from './main-questions'
import type { UserGestures } from './user-gestures'

/** The OS clipboard: Electron's clipboard in the app, a recorder in tests. */
export interface ClipboardPort {
  writeText(text: string): void
}

/**
 * The OS save dialog and main's own questions (main-questions.ts): Electron's dialogs in the app,
 * chosen paths and answers in tests.
 */
export interface DialogPort extends QuestionPort {
  chooseSavePath(options: {
    title: string
    defaultName: string
    filters: { name: string; extensions: string[] }[]
  }): Promise<string | null>
}

/**
 * Prints a page main built to PDF (a proof of payment): Electron's `webContents.printToPDF` in an
 * offscreen window in the app (electron-ports.ts), Chromium's own printing in the e2e harness.
 */
export interface PdfPort {
  print(html: string): Promise<Uint8Array>
}

/** A message main shows the person (a native message box in the app): a problem report's outcome, a notice. */
interface NoticePort {
  show(notice: { type: 'info' | 'warning'; title?: string; message: string; detail?: string }): Promise<void>
}

/**
 * Every port main's logic is given, built in one place: createElectronPorts (electron-ports.ts) in the
 * app, called once by src/main/index.ts; the e2e harness and tests pass their own doubles.
 */
export interface AppPorts {
  shell: ShellPort
  clipboard: ClipboardPort
  dialogs: DialogPort
  liveWrites: LiveWriteConfirmer
  notices: NoticePort
  /** The person's key presses and clicks in the app window, noted by the shell (window.ts). */
  gestures: UserGestures
  /** Prints a page main built to PDF (a proof of payment). */
  pdf: PdfPort
}
