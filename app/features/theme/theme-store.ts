import { useSyncExternalStore } from 'react'
import { DEFAULT_THEME_INDEX, THEME_STORAGE_KEY, parseThemeIndex, themes } from '../../../lib/theme'

// The source of truth is <html data-theme>, set before paint by the boot script; this store only
// lets React components follow it.
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function currentThemeIndex(): number {
  return parseThemeIndex(document.documentElement.dataset.theme)
}

/** The active theme index; the default while rendering on the server and during hydration. */
export function useThemeIndex(): number {
  return useSyncExternalStore(subscribe, currentThemeIndex, () => DEFAULT_THEME_INDEX)
}

/**
 * Applies a theme: clears the body background image, sets the body background
 * colour and the page-wide variables (through data-theme), and saves the index.
 */
export function applyTheme(index: number, { save = true }: { save?: boolean } = {}) {
  const i = parseThemeIndex(index)
  const theme = themes[i]
  document.documentElement.dataset.theme = String(i)
  document.body.style.backgroundImage = 'none'
  document.body.style.backgroundColor = theme.background
  if (save) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, String(i))
    } catch {
      // Storage can be unavailable (private mode, disabled); the theme still applies for this page.
    }
  }
  for (const listener of listeners) listener()
}

/** Re-applies the theme the boot script chose, once the page is interactive. */
export function applySavedTheme() {
  applyTheme(currentThemeIndex(), { save: false })
}
