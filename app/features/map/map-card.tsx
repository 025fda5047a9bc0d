/// <reference types="google.maps" />
import { useEffect, useRef, useState } from 'react'
import { limits } from '../../../lib/catalogue'
import type { LatLng } from '../../../lib/geo'
import { loadGoogleMaps } from './load-google-maps'

export interface MapCardProps {
  apiKey?: string | null
  mapId?: string | null
  office: LatLng
  officeTitle: string
  visitor?: LatLng
  loadingText: string
  unavailableText: string
  youLabel: string
}

type MapState = 'loading' | 'loaded' | 'unavailable'

/** The map is 350 × 300 px at zoom 10, with a line of width 3 at opacity 0.8. */
const MAP_WIDTH = 350
const MAP_HEIGHT = 300
const ZOOM = 10
const LINE = { strokeColor: '#607d8b', strokeWeight: 3, strokeOpacity: 0.8 } as const

/** The office map card: loading, loaded or unavailable. */
export default function MapCard({ apiKey, mapId, office, officeTitle, visitor, loadingText, unavailableText, youLabel }: MapCardProps) {
  const container = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<MapState>('loading')
  const [map, setMap] = useState<google.maps.Map>()

  useEffect(() => {
    if (!apiKey || apiKey.length < limits.mapKeyMinLength) {
      console.warn('Google Maps API key is missing or invalid')
      setState('unavailable')
      return
    }
    let cancelled = false
    loadGoogleMaps({ apiKey })
      .then(async (maps) => {
        if (cancelled || !container.current) return
        const created = new maps.Map(container.current, { center: office, zoom: ZOOM, mapId: mapId ?? undefined, disableDefaultUI: true, zoomControl: true })
        await addMarker(maps, created, office, officeTitle, mapId)
        setMap(created)
        setState('loaded')
      })
      .catch((error: unknown) => {
        if (cancelled) return
        console.warn('Google Maps failed to load', error instanceof Error ? error.message : error)
        setState('unavailable')
      })
    return () => {
      cancelled = true
    }
  }, [apiKey, mapId, office, officeTitle])

  // The visitor's marker and the straight line to the office, once both the map and a position exist.
  useEffect(() => {
    if (!map || !visitor) return
    const maps = google.maps
    const line = new maps.Polyline({ path: [visitor, office], geodesic: false, ...LINE, map })
    let marker: { setMap?: (m: null) => void; map?: unknown } | undefined
    addMarker(maps, map, visitor, youLabel, mapId, youLabel).then((m) => (marker = m))
    const bounds = new maps.LatLngBounds()
    bounds.extend(visitor)
    bounds.extend(office)
    map.fitBounds(bounds, 40)
    return () => {
      line.setMap(null)
      if (marker?.setMap) marker.setMap(null)
      else if (marker) marker.map = null
    }
  }, [map, visitor, office, mapId, youLabel])

  return (
    <div
      className="relative overflow-hidden rounded-xl border border-[var(--color-border)] bg-[var(--color-shade)]"
      style={{ width: MAP_WIDTH, height: MAP_HEIGHT, maxWidth: '100%' }}
      data-map-state={state}
    >
      <div ref={container} className="h-full w-full" role={state === 'loaded' ? 'region' : undefined} aria-label={state === 'loaded' ? `Map showing ${officeTitle}` : undefined} />
      {state !== 'loaded' && (
        <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-[var(--color-light)]" role="status">
          {state === 'loading' ? loadingText : unavailableText}
        </p>
      )}
    </div>
  )
}

async function addMarker(maps: typeof google.maps, map: google.maps.Map, position: LatLng, title: string, mapId?: string | null, label?: string) {
  try {
    // Advanced markers need a map id; the classic marker works without one.
    if (mapId) {
      const { AdvancedMarkerElement, PinElement } = (await maps.importLibrary('marker')) as google.maps.MarkerLibrary
      const pin = label ? new PinElement({ glyphText: label.slice(0, 1), background: LINE.strokeColor, borderColor: '#37474f', glyphColor: '#ffffff' }) : undefined
      return new AdvancedMarkerElement({ map, position, title, content: pin?.element })
    }
    return new maps.Marker({ map, position, title, label })
  } catch (error) {
    console.warn('Map marker failed to load', error instanceof Error ? error.message : error)
    return undefined
  }
}
