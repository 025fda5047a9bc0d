/** Great-circle maths for the contact page (Earth radius 6371 km). */
export const EARTH_RADIUS_KM = 6371

export interface LatLng {
  lat: number
  lng: number
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/** Haversine distance between two points, in metres. */
export function distanceInMetres(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat)
  const dLng = toRadians(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2
  // min() guards against rounding pushing h a hair above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** "Approximately 420 m away" under 1 km (whole metres), "12.3 km away" from 1 km. */
export function formatDistance(metres: number): string {
  const whole = Math.round(metres)
  if (whole < 1000) return `Approximately ${whole} m away`
  return `${(metres / 1000).toFixed(1)} km away`
}
