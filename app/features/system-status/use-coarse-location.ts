import { useEffect, useState } from 'react'

export interface CoarseLocation {
  lat: number
  lng: number
}

/**
 * The visitor's position from the browser, if they allow it. A refusal is an ordinary answer, so it
 * is only noted with console.log; the block keeps saying "Detecting...".
 */
export function useCoarseLocation(): CoarseLocation | null {
  const [location, setLocation] = useState<CoarseLocation | null>(null)
  useEffect(() => {
    if (!('geolocation' in navigator)) return
    let active = true
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (active) setLocation({ lat: position.coords.latitude, lng: position.coords.longitude })
      },
      (error) => console.log(`Location not available: ${error.message || 'permission denied'}`),
      { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 30_000 },
    )
    return () => {
      active = false
    }
  }, [])
  return location
}

/** Coarse location to 2 decimals (SPEC.md section 2, "Side panel"). */
export function formatCoarseLocation({ lat, lng }: CoarseLocation): string {
  return `${lat.toFixed(2)}, ${lng.toFixed(2)}`
}
