import { useId } from 'react'

/**
 * The Meshwork mark: an aerofoil section with its computational mesh and two streamlines.
 * Its width is 100 px × clamp(window width / 1000, 1, 1.6). Since
 * window width / 1000 × 100 px is 10vw, plain CSS does it, identical on the server and the client.
 */
export function Logo() {
  const id = useId()
  const clip = `${id}-clip`
  const fill = `${id}-fill`
  return (
    <svg viewBox="0 0 100 40" className="block h-auto w-[clamp(100px,10vw,160px)]" aria-hidden="true" focusable="false" data-testid="logo">
      <defs>
        <linearGradient id={fill} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--theme-highlight)" stopOpacity="0.35" />
          <stop offset="1" stopColor="var(--theme-blue)" stopOpacity="0.12" />
        </linearGradient>
        <clipPath id={clip}>
          <path d="M5 23C12 10 36 7 58 10c16 2 30 7 38 11-10 3-33 8-54 8C24 29 10 28 5 23Z" />
        </clipPath>
      </defs>
      <path d="M2 9c20-8 52-8 96 4" fill="none" stroke="var(--theme-light)" strokeWidth="1.2" strokeLinecap="round" opacity="0.7" />
      <path d="M2 36c26 5 60 3 96-10" fill="none" stroke="var(--theme-light)" strokeWidth="1.2" strokeLinecap="round" opacity="0.7" />
      <path d="M5 23C12 10 36 7 58 10c16 2 30 7 38 11-10 3-33 8-54 8C24 29 10 28 5 23Z" fill={`url(#${fill})`} />
      <g clipPath={`url(#${clip})`} stroke="var(--theme-highlight)" strokeWidth="0.8" opacity="0.9">
        {[10, 20, 30, 40, 50, 60, 70, 80, 90].map((x) => (
          <path key={`v${x}`} d={`M${x} 0V40`} />
        ))}
        {[-10, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((x) => (
          <path key={`d${x}`} d={`M${x} 40L${x + 20} 0`} />
        ))}
        <path d="M0 19.5H100" />
      </g>
      <path d="M5 23C12 10 36 7 58 10c16 2 30 7 38 11-10 3-33 8-54 8C24 29 10 28 5 23Z" fill="none" stroke="var(--theme-text)" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  )
}
