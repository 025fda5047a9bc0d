import { lazy, Suspense, useEffect, useState } from 'react'
import { contactPage } from '../../../content/contact'
import { site } from '../../../lib/site'
import { OfficeAddress } from './office-address'
import { useVisitorPosition } from './use-visitor-position'

// The map card and the Maps script load only on the contact page, after hydration.
const MapCard = lazy(() => import('./map-card'))

/** The office address (with the distance once the browser shares a position) and the map card. */
export function ContactLocation({ apiKey, mapId }: { apiKey: string | null; mapId: string | null }) {
  const { position: visitor, state: positionState, request } = useVisitorPosition()
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const loading = (
    <div className="flex items-center justify-center rounded-xl border border-[var(--color-border)] bg-[var(--color-shade)] text-[var(--color-light)]" style={{ width: 350, height: 300, maxWidth: '100%' }} data-map-state="loading">
      <p role="status">{contactPage.loadingMap}</p>
    </div>
  )
  return (
    <div className="space-y-6">
      <OfficeAddress visitor={visitor} heading={contactPage.addressHeading} positionState={positionState} onAskPosition={request} askLabel={contactPage.askDistance} />
      <div>
        <h2 className="mb-3 text-lg font-semibold">{contactPage.mapHeading}</h2>
        {mounted ? (
          <Suspense fallback={loading}>
            <MapCard
              apiKey={apiKey}
              mapId={mapId}
              office={site.office}
              officeTitle={site.companyName}
              visitor={visitor}
              loadingText={contactPage.loadingMap}
              unavailableText={contactPage.mapUnavailable}
              youLabel={contactPage.youMarker}
            />
          </Suspense>
        ) : (
          loading
        )}
      </div>
    </div>
  )
}
