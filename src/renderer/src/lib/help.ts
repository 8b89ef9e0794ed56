// Opening the in-app guide (components/HelpGuide.tsx): from F1 in the page, a Help button, or the
// app menu's Help (main's `app.help` event, wired in app-stores.ts). One window event, so every way in
// opens the same guide.
export const HELP_EVENT = 'paydesk:help'

export function openHelp(): void {
  window.dispatchEvent(new Event(HELP_EVENT))
}
