import * as THREE from 'three'
import type { ScenePart } from '../scene-parts'

/** The parts a list hides when one part is isolated: every part that holds none of its meshes. */
export function hiddenWhenIsolated(parts: readonly ScenePart[], isolated: ScenePart): Set<string> {
  const kept = new Set(isolated.meshes)
  return new Set(parts.filter((p) => !p.meshes.some((m) => kept.has(m))).map((p) => p.key))
}

/**
 * Draws meshes see-through (a third opaque, not hiding what is behind them) or solid again. Each
 * mesh gets its own material first, so a material shared with another part keeps its look.
 */
export function setSeeThrough(meshes: readonly THREE.Mesh[], on: boolean) {
  for (const mesh of meshes) {
    if (!mesh.userData.ownMaterial) {
      mesh.material = Array.isArray(mesh.material) ? mesh.material.map((m) => m.clone()) : mesh.material.clone()
      mesh.userData.ownMaterial = true
    }
    for (const m of [mesh.material].flat()) {
      m.transparent = on
      m.opacity = on ? 0.3 : 1
      m.depthWrite = !on
      m.needsUpdate = true
    }
  }
}

const smallButton = 'rounded border border-(--color-border) px-1.5 py-0.5 text-xs hover:bg-(--color-shade) aria-pressed:bg-(--color-shade) focus-visible:outline-2'

/** One part of the parts list: shown or hidden, and buttons to isolate it or see through it. */
export function PartRow({ part, shown, seeThrough, onShow, onIsolate, onSeeThrough }: { part: ScenePart; shown: boolean; seeThrough: boolean; onShow: (shown: boolean) => void; onIsolate: () => void; onSeeThrough: (on: boolean) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 py-0.5" style={{ paddingLeft: `${part.depth * 0.75}rem` }}>
      <label className="flex min-w-0 flex-1 items-center gap-2">
        <input type="checkbox" checked={shown} onChange={(e) => onShow(e.target.checked)} />
        {part.name}
      </label>
      <span className="flex gap-1">
        <button type="button" className={smallButton} aria-label={`Isolate ${part.name}`} onClick={onIsolate}>
          Isolate
        </button>
        <button type="button" className={smallButton} aria-label={`See through ${part.name}`} aria-pressed={seeThrough} onClick={() => onSeeThrough(!seeThrough)}>
          See through
        </button>
      </span>
    </div>
  )
}
