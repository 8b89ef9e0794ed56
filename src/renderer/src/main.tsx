// Must stay the first import: it configures zod before any shared module builds a schema.
import './lib/zod-csp'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// Base styles before the features' own CSS (imported through App), which refine them.
import './styles.css'
import './pieces.css'
import { App } from './App'
import { applyTheme, followSystemTheme, readTheme } from './lib/theme'

// The agent's theme before the first paint (no flash of the other one).
applyTheme(readTheme())
followSystemTheme()

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
