import { useEffect } from 'react'
import { themes } from '../../../lib/theme'
import { applySavedTheme, applyTheme, useThemeIndex } from './theme-store'

/** The header's colour dots, one per theme, labelled "Theme 1" to "Theme 3". */
export function ThemeDots() {
  const active = useThemeIndex()
  useEffect(() => applySavedTheme(), [])
  return (
    <div role="group" aria-label="Colour theme" className="flex items-center gap-2">
      {themes.map((theme, i) => (
        <button
          key={theme.name}
          type="button"
          aria-label={`Theme ${i + 1}`}
          aria-pressed={active === i}
          title={theme.name}
          onClick={() => applyTheme(i)}
          className="grid size-6 place-items-center rounded-full border-2 border-transparent transition hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-highlight aria-pressed:border-text"
        >
          <span aria-hidden="true" className="block size-4 rounded-full ring-1 ring-white/40" style={{ background: `linear-gradient(135deg, ${theme.highlight}, ${theme.shade})` }} />
        </button>
      ))}
    </div>
  )
}
