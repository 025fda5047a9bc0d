import { lazy, Suspense, useEffect, useState } from 'react'
import type { contactPage as ContactPageContent } from '../../../content/contact'
import { site } from '../../../lib/site'
import { OfficeAddress } from './office-address'
import { useVisitorPosition } from './use-visitor-position'

// The map card and the Maps script load only on the contact page, after hydration.
const MapCard = lazy(() => import('./map-card'))

/** The words this block shows, from the contact page's copy (route data). */
export type ContactLocationText = Pick<typeof ContactPageContent, 'loadingMap' | 'mapUnavailable' | 'addressHeading' | 'askDistance' | 'mapHeading' | 'youMarker'>

/** The office address (with the distance once the browser shares a position) and the map card. */
export function ContactLocation({ apiKey, mapId, text }: { apiKey: string | null; mapId: string | null; text: ContactLocationText }) {
  const { position: visitor, state: positionState, request } = useVisitorPosition()
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const loading = (
    <div className="flex items-center justify-center rounded-xl border border-[var(--color-border)] bg-[var(--color-shade)] text-[var(--color-light)]" style={{ width: 350, height: 300, maxWidth: '100%' }} data-map-state="loading">
      <p role="status">{text.loadingMap}</p>
    </div>
  )
  return (
    <div className="space-y-6">
      <OfficeAddress visitor={visitor} heading={text.addressHeading} positionState={positionState} onAskPosition={request} askLabel={text.askDistance} />
      <div>
        <h2 className="mb-3 text-lg font-semibold">{text.mapHeading}</h2>
        {mounted ? (
          <Suspense fallback={loading}>
            <MapCard
              apiKey={apiKey}
              mapId={mapId}
              office={site.office}
              officeTitle={site.companyName}
              visitor={visitor}
              loadingText={text.loadingMap}
              unavailableText={text.mapUnavailable}
              youLabel={text.youMarker}
            />
          </Suspense>
        ) : (
          loading
        )}
      </div>
    </div>
  )
}
