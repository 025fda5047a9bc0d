import { distanceInMetres, formatDistance, type LatLng } from '../../../lib/geo'
import { site } from '../../../lib/site'

/** The company's address; with the visitor's position it also says how far away the office is. */
export function OfficeAddress({ visitor, heading }: { visitor?: LatLng; heading: string }) {
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
    </div>
  )
}
