/**
 * A QR code drawn from the server's path of its dark modules: dark on white whatever the theme (apps
 * read it best that way), with the four-module quiet zone the standard asks for.
 */
export function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  const quiet = 4
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${size + quiet * 2} ${size + quiet * 2}`}
      width={(size + quiet * 2) * 5}
      height={(size + quiet * 2) * 5}
      shapeRendering="crispEdges"
      className="max-w-full rounded-md"
      data-testid="two-factor-qr"
    >
      <rect x={-quiet} y={-quiet} width={size + quiet * 2} height={size + quiet * 2} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  )
}
