// The operating system's pieces main's logic uses, as ports: Electron's in the app (src/main/index.ts),
// doubles in the e2e harness and tests. Kept apart from app-services.ts so services and desktop
// modules can name them without importing the composition root (no import cycle).
import type { QuestionPort } from './services/main-questions'

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
