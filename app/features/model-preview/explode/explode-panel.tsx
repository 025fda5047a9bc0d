import { secondaryButtonClass } from '../../../components/portal/styles'

/** The explode slider: 0 is the assembly as built; a button puts the parts back. */
export function ExplodePanel({ factor, possible, onChange }: { factor: number; possible: boolean; onChange: (factor: number) => void }) {
  return (
    <section className="flex flex-wrap items-center gap-2 rounded-md border border-(--color-border) p-2 text-sm" aria-label="Explode" data-testid="explode-panel">
      {possible ? (
        <>
          <label className="flex items-center gap-2">
            Explode
            <input type="range" min={0} max={1} step={0.05} value={factor} onChange={(e) => onChange(Number(e.target.value))} aria-valuetext={`${Math.round(factor * 100)} %`} />
          </label>
          <button type="button" className={secondaryButtonClass} disabled={factor === 0} onClick={() => onChange(0)}>
            Put parts back
          </button>
        </>
      ) : (
        <p className="text-(--color-light)">This model is one part: there is nothing to pull apart.</p>
      )}
    </section>
  )
}
