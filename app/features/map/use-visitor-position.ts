import { useCallback, useEffect, useState } from 'react'
import type { LatLng } from '../../../lib/geo'

export type PositionState = 'unknown' | 'asking' | 'known' | 'refused' | 'unsupported'

/**
 * The visitor's position from the browser, if they allow it. Unknown until geolocation succeeds;
 * a refusal is only logged (the map still shows the office).
 *
 * The browser is asked straight away only when the visitor has already granted this site access;
 * otherwise we wait for them to ask, because a permission prompt on arrival is intrusive (and
 * Lighthouse's best-practice audit rightly marks it down).
 */
export function useVisitorPosition() {
  const [position, setPosition] = useState<LatLng>()
  const [state, setState] = useState<PositionState>('unknown')

  const request = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState('unsupported')
      return
    }
    setState('asking')
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setPosition({ lat: p.coords.latitude, lng: p.coords.longitude })
        setState('known')
      },
      (error) => {
        setState('refused')
        if (error.code === error.PERMISSION_DENIED) console.log('Location access denied')
        else console.log('Location unavailable:', error.message)
      },
      { enableHighAccuracy: false, maximumAge: 5 * 60 * 1000, timeout: 15_000 },
    )
  }, [])

  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setState('unsupported')
      return
    }
    let active = true
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (active && status.state === 'granted') request()
      })
      .catch(() => {})
    return () => {
      active = false
    }
  }, [request])

  return { position, state, request }
}
