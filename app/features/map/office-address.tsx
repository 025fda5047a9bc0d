import { distanceInMetres, formatDistance, type LatLng } from '../../../lib/geo'
import { site } from '../../../lib/site'
import type { PositionState } from './use-visitor-position'

export interface OfficeAddressProps {
  heading: string
  visitor?: LatLng
  positionState: PositionState
  onAskPosition: () => void
  askLabel: string
}

/** The company's address; with the visitor's position it also says how far away the office is. */
export function OfficeAddress({ heading, visitor, positionState, onAskPosition, askLabel }: OfficeAddressProps) {
  const { address } = site
  return (
    <div>
      <h2 className="text-lg font-semibold">{heading}</h2>
      <address className="mt-2 not-italic leading-relaxed" data-testid="office-address">
        <strong>{site.companyName}</strong>
        <br />
        {address.building}
        <br />
        {address.road}
        <br />
        {address.town}
        <br />
        {address.county}
        <br />
        {address.postcode}
      </address>
      {visitor && (
        <p className="mt-2 font-semibold text-[var(--color-highlight)]" data-testid="office-distance">
          {formatDistance(distanceInMetres(visitor, site.office))}
        </p>
      )}
      {(positionState === 'unknown' || positionState === 'asking') && (
        <button
          type="button"
          onClick={onAskPosition}
          disabled={positionState === 'asking'}
          className="mt-2 text-sm text-[var(--color-link)] underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-[var(--color-highlight)] disabled:opacity-70"
        >
          {askLabel}
        </button>
      )}
    </div>
  )
}
