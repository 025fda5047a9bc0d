import { useEffect, useState } from 'react'
import type { LatLng } from '../../../lib/geo'

/**
 * The visitor's position from the browser, if they allow it. Unknown until geolocation succeeds;
 * a refusal is only logged (SPEC.md section 4).
 */
export function useVisitorPosition(): LatLng | undefined {
  const [position, setPosition] = useState<LatLng>()
  useEffect(() => {
    if (!('geolocation' in navigator)) return
    let active = true
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (active) setPosition({ lat: p.coords.latitude, lng: p.coords.longitude })
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) console.log('Location access denied')
        else console.log('Location unavailable:', error.message)
      },
      { enableHighAccuracy: false, maximumAge: 5 * 60 * 1000, timeout: 15_000 },
    )
    return () => {
      active = false
    }
  }, [])
  return position
}
