import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import { CONTENT_SECURITY_POLICY } from './src/main/security'

/**
 * The built index.html carries the strict CSP as a meta tag (app:// also sends it as a header).
 * The dev server needs React Refresh's inline preamble, so `npm run dev` gets no meta tag; the
 * session still sends the header for production content.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'paydesk-csp',
    apply: 'build',
    transformIndexHtml(html) {
      // frame-ancestors is only honoured as a header (which app:// sends); a meta tag may not carry it.
      const metaPolicy = CONTENT_SECURITY_POLICY.split('; ')
        .filter((directive) => !directive.startsWith('frame-ancestors'))
        .join('; ')
      return html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${metaPolicy}" />`)
    },
  }
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron': bundle everything else into one CJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    // The icon doubles as the favicon; resources/ holds nothing the renderer must not see.
    publicDir: resolve(import.meta.dirname, 'resources'),
    build: {
      minify: true,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
      },
    },
    plugins: [react(), contentSecurityPolicy()],
  },
})
