// Runs before the page paints (a file, so the Content-Security-Policy needs no inline script):
// applies the saved theme, or the system's, so the wrong theme never flashes.
;(() => {
  try {
    const saved = localStorage.getItem('recovery-desk-theme')
    const theme = saved === 'light' || saved === 'dark' ? saved : 'system'
    const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
    document.documentElement.classList.toggle('dark', dark)
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
  } catch {
    // Storage unavailable: the page stays light.
  }
})()
