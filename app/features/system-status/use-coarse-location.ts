import { useEffect, useState } from 'react'

export interface CoarseLocation {
  lat: number
  lng: number
}

/**
 * The visitor's position from the browser, if they allow it. A refusal is an ordinary answer, so it
 * is only noted with console.log; the block keeps saying "Detecting...".
 *
 * The permission prompt is never raised while the page loads (browsers and Lighthouse treat a prompt
 * on arrival as intrusive): with permission already granted the position is read at once; otherwise
 * it is asked for at the visitor's first interaction with the page.
 */
export function useCoarseLocation(): CoarseLocation | null {
  const [location, setLocation] = useState<CoarseLocation | null>(null)
  useEffect(() => {
    if (!('geolocation' in navigator)) return
    let active = true
    const request = () => {
      if (!active) return
      navigator.geolocation.getCurrentPosition(
        (position) => {
          if (active) setLocation({ lat: position.coords.latitude, lng: position.coords.longitude })
        },
        (error) => console.log(`Location not available: ${error.message || 'permission denied'}`),
        { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 30_000 },
      )
    }
    const interactions = ['pointerdown', 'keydown'] as const
    const onFirstInteraction = () => {
      for (const type of interactions) window.removeEventListener(type, onFirstInteraction, true)
      request()
    }
    const waitForInteraction = () => {
      for (const type of interactions) window.addEventListener(type, onFirstInteraction, { capture: true, passive: true })
    }
    const permissions = navigator.permissions?.query({ name: 'geolocation' })
    if (!permissions) waitForInteraction()
    else
      permissions.then(
        (status) => {
          if (!active) return
          if (status.state === 'granted') request()
          else if (status.state === 'denied') console.log('Location not available: permission denied')
          else waitForInteraction()
        },
        () => waitForInteraction(),
      )
    return () => {
      active = false
      for (const type of interactions) window.removeEventListener(type, onFirstInteraction, true)
    }
  }, [])
  return location
}

/** Coarse location to 2 decimals: enough for a status line, too coarse to find a house. */
export function formatCoarseLocation({ lat, lng }: CoarseLocation): string {
  return `${lat.toFixed(2)}, ${lng.toFixed(2)}`
}
