import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppErrorBoundary } from './app/screens/app-error-boundary'
import { ThemeProvider } from './app/theme/theme-provider'
import { Toaster } from './components/ui/toaster'
import { createRouter, preloadFirstPage } from './router'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

/** Lets the browser paint and take input before the next step: each start-up step its own short task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function start(container: HTMLElement) {
  // The first page's code and data start downloading first; building the router (its routes and
  // the browser history) and the first render follow in tasks of their own, not one long task a
  // phone's main thread is blocked for (issue 21's Lighthouse goal: total blocking time).
  preloadFirstPage(window.location.pathname, window.location.search)
  await nextTask()
  const router = createRouter()
  await nextTask()
  // The first render in a transition: React works in short slices, so a phone's main thread is never
  // blocked for long while the app starts (issue 21).
  startTransition(() =>
    createRoot(container).render(
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
}

void start(root)
