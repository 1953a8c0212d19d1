import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppErrorBoundary } from './app/screens/app-error-boundary'
import { ThemeProvider } from './app/theme/theme-provider'
import { Toaster } from './components/ui/toaster'
import { createRouter } from './router'
import './styles.css'

const router = createRouter()
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The first render in a transition: React works in short slices, so a phone's main thread is never
// blocked for long while the app starts (issue 21).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <ThemeProvider>
          <RouterProvider router={router} />
          <Toaster />
        </ThemeProvider>
      </AppErrorBoundary>
    </StrictMode>,
  ),
)
