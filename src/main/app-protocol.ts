import { protocol } from 'electron'
import { APP_HOST, APP_SCHEME, CONTENT_SECURITY_POLICY } from './security'
import { readStaticFile } from './static-files'

/** Must run before `app.whenReady()`: app:// behaves like a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

/** Serves the built renderer from app://paydesk/ (instead of file://), with the CSP header. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 })
    const file = await readStaticFile(rendererDir, url.pathname)
    if (!file) return new Response('Not found', { status: 404 })
    return new Response(new Uint8Array(file.body), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
      },
    })
  })
}
