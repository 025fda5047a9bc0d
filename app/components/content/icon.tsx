import type { IconName } from '../../../content/types'

/** Simple stroked 24×24 icons, drawn inline so pages need no icon font or extra requests. */
const paths: Record<IconName, string[]> = {
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 7v5l3 2'],
  target: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M12 12h.01'],
  pound: ['M16 6.5A3.5 3.5 0 0 0 9.5 8v4.5c0 2.5-1 4.5-2.5 5.5H17', 'M7 12.5h7'],
  lock: ['M6 11h12v9H6z', 'M8.5 11V8a3.5 3.5 0 0 1 7 0v3', 'M12 15v2'],
  cube: ['M12 3 20 7.5v9L12 21l-8-4.5v-9L12 3Z', 'M4 7.5 12 12l8-4.5', 'M12 12v9'],
  grid: ['M4 4h16v16H4z', 'M4 12h16', 'M12 4v16', 'M4 4l16 16'],
  wind: ['M3 8h11a3 3 0 1 0-3-3', 'M3 12h15a3 3 0 1 1-3 3', 'M3 16h7'],
  drill: ['M4 6h10v5H4z', 'M14 7.5h3', 'M17 8.5h3', 'M8 11v3', 'M6 14h4l-1 7H7z'],
  code: ['M8 7l-5 5 5 5', 'M16 7l5 5-5 5', 'M14 4l-4 16'],
  gauge: ['M4.9 17a8 8 0 1 1 14.2 0', 'M12 13l4-4', 'M12 13h.01'],
  radio: ['M12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z', 'M8.5 8.5a5 5 0 0 0 0 7', 'M15.5 8.5a5 5 0 0 1 0 7', 'M5.6 5.6a9 9 0 0 0 0 12.8', 'M18.4 5.6a9 9 0 0 1 0 12.8'],
  lightbulb: ['M9 18h6', 'M10 21h4', 'M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3Z'],
  scale: ['M12 4v16', 'M7 20h10', 'M5 7h14', 'M5 7l-3 6h6l-3-6Z', 'M19 7l-3 6h6l-3-6Z'],
  pencil: ['M4 20l1-4L16 5l3 3L8 19l-4 1Z', 'M14 7l3 3'],
  flask: ['M9 3h6', 'M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3', 'M7.5 15h9'],
  calculator: ['M6 3h12v18H6z', 'M9 7h6', 'M9 12h.01', 'M12 12h.01', 'M15 12h.01', 'M9 16h.01', 'M12 16h.01', 'M15 16h.01'],
  wrench: ['M14.5 6.5a4 4 0 0 0 5 5L13 18l-2.5 2.5a2 2 0 0 1-3-3L10 15l6.5-6.5', 'M14.5 6.5 17 4a4 4 0 0 1 3 3l-2.5 2.5'],
  megaphone: ['M4 10v4h3l8 4V6L7 10H4Z', 'M18 9a4 4 0 0 1 0 6', 'M7 14l1 5h2l-1-5'],
  factory: ['M3 21V10l6 4v-4l6 4V5h4v16H3Z', 'M7 17h2', 'M12 17h2'],
  vault: ['M4 4h16v15H4z', 'M12 15a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z', 'M12 11.5h3.5', 'M6 19v2', 'M18 19v2'],
  users: ['M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z', 'M2.5 20a6.5 6.5 0 0 1 13 0', 'M16 4.5a3.5 3.5 0 0 1 0 6.5', 'M18 14a6.5 6.5 0 0 1 3.5 6'],
  building: ['M5 21V4h10v17', 'M15 9h4v12', 'M3 21h18', 'M8 8h.01', 'M12 8h.01', 'M8 12h.01', 'M12 12h.01', 'M8 16h.01', 'M12 16h.01'],
  monitor: ['M3 4h18v12H3z', 'M8 20h8', 'M12 16v4'],
  award: ['M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12Z', 'M8.5 14 7 21l5-3 5 3-1.5-7'],
}

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
