import { useEffect, useId, useMemo, useRef, useState } from 'react'
import * as THREE from 'three'
import type { FieldComponent, FieldRange } from '../../../../lib/simulation-results/field-colours'
import { inputClass, labelClass, secondaryButtonClass } from '../../../components/portal/styles'
import type { ModelScene } from '../model-scene'
import { SideList, SideListToggle } from '../side-list'
import { componentLabel, componentNames, formatValue, unitOf } from './field-labels'
import { ResultLegend } from './result-legend'
import type { LoadedResults } from './read-results'
import type { FieldInfo, OpenedStep, Probed } from './results-protocol'
import { setBounds } from './results-session'

type Axis = 'none' | 0 | 1 | 2
const axisNames = ['X', 'Y', 'Z'] as const
/** How long each step of a series shows while it plays. */
const STEP_MS = 700

const fieldKey = (f: Pick<FieldInfo, 'name' | 'location'>) => `${f.location}:${f.name}`
const isDisplacement = (f: FieldInfo) => f.location === 'point' && f.components === 3

/** A warp scale that shows the largest displacement as a twentieth of the model's size, in one significant figure (1 when the true one already shows). */
function defaultScale(step: Pick<OpenedStep, 'min' | 'max'>, field: FieldInfo | undefined): number {
  if (!field || field.magnitude.max <= 0) return 1
  const size = Math.hypot(step.max[0] - step.min[0], step.max[1] - step.min[1], step.max[2] - step.min[2])
  if (field.magnitude.max >= size / 100) return 1
  const scale = size / 20 / field.magnitude.max
  const power = 10 ** Math.floor(Math.log10(scale))
  return Math.round(scale / power) * power
}

/** The panel's "Results" toggle for a phone, where the panel is a drawer. */
export function ResultsPanelToggle({ id, open, onToggle }: { id: string; open: boolean; onToggle: () => void }) {
  return <SideListToggle id={id} title="Results" open={open} onToggle={onToggle} />
}

/**
 * The results of a simulation in the viewer: the field that colours the surface (a vector by its
 * magnitude or a component) with its legend and a range the user may fix, the value under the
 * pointer, a clipping plane, the mesh warped by a displacement field, and a series' time steps.
 * The worker computes colours, warped points and probed values; the page only swaps arrays.
 */
export function ResultsPanel({ id, open, results, scene }: { id: string; open: boolean; results: LoadedResults; scene: ModelScene }) {
  const { session, mesh } = results
  const ids = useId()
  const [step, setStep] = useState(0)
  const [info, setInfo] = useState<Omit<OpenedStep, 'positions'>>(results.first)
  const [drawnStep, setDrawnStep] = useState(0)
  const [error, setError] = useState('')
  const [selected, setSelected] = useState(() => (results.first.fields[0] ? fieldKey(results.first.fields[0]) : ''))
  const [component, setComponent] = useState<FieldComponent>('magnitude')
  const [fixed, setFixed] = useState<FieldRange | null>(null)
  const [typed, setTyped] = useState({ min: '', max: '' })
  const [probed, setProbed] = useState<Probed | null>(null)
  const [axis, setAxis] = useState<Axis>('none')
  const [offset, setOffset] = useState(0)
  const [warpOn, setWarpOn] = useState(false)
  const [warpField, setWarpField] = useState(() => results.first.fields.find(isDisplacement)?.name ?? '')
  const [scale, setScale] = useState(() => defaultScale(results.first, results.first.fields.find(isDisplacement)))
  const [playing, setPlaying] = useState(false)

  const field = info.fields.find((f) => fieldKey(f) === selected) ?? null
  const autoRange = field ? (component === 'magnitude' || field.components === 1 ? field.magnitude : (field.componentRanges[component] ?? field.magnitude)) : null
  const range = fixed ?? autoRange
  const displacements = info.fields.filter(isDisplacement)
  const warping = warpOn && displacements.some((f) => f.name === warpField)
  const material = mesh.material as THREE.MeshStandardMaterial
  const shownStep = useRef(0)
  const shownWarped = useRef(false)
  const latest = useRef({ step, selected, component })
  latest.current = { step, selected, component }

  // A step: opened in the worker (read from its file the first time), its surface at the warp asked.
  useEffect(() => {
    let current = true
    void (async () => {
      try {
        const newStep = step !== shownStep.current
        const opened = newStep ? await session.open(step) : null
        // The surface as read is on screen already unless it was warped.
        const positions = warping ? await session.warp(step, warpField, scale) : (opened?.positions ?? (shownWarped.current ? await session.warp(step, null, 0) : null))
        if (!current) return
        if (positions) {
          shownWarped.current = warping
          const geometry = mesh.geometry
          if (geometry.getAttribute('position').count * 3 !== positions.length) geometry.setAttribute('color', new THREE.BufferAttribute(new Float32Array(positions.length).fill(0.7), 3))
          geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3))
          const box = new THREE.Box3().setFromArray(positions)
          setBounds(geometry, box.min.toArray(), box.max.toArray())
        }
        if (opened) {
          const { positions: _, ...rest } = opened
          setInfo(rest)
        }
        shownStep.current = step
        setDrawnStep(step)
        setProbed(null)
        scene.requestRender()
      } catch {
        if (current) setError(`Step ${step + 1} could not be shown.`)
      }
    })()
    return () => {
      current = false
    }
    // The step's info is read here, not a reason to read the step again.
  }, [session, mesh, scene, step, warping, warpField, scale])

  // The surface's colours for the field, its number and the range, whenever one of them changes.
  const rangeKey = range ? `${range.min}:${range.max}` : ''
  useEffect(() => {
    if (!field || !range) return
    let current = true
    void session.colours(drawnStep, field.name, component, range).then((colours) => {
      const geometry = mesh.geometry
      if (!current || colours.length !== geometry.getAttribute('position').count * 3) return
      geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3))
      scene.requestRender()
    })
    return () => {
      current = false
    }
  }, [session, mesh, scene, drawnStep, info, field?.name, field?.location, component, rangeKey])

  // The clipping plane keeps what lies below the offset along its axis. The result's material keeps
  // its own clipping (the section tool leaves it alone); clipping stays on for the section tool's planes.
  useEffect(() => {
    if (axis !== 'none') scene.renderer.localClippingEnabled = true
    material.userData.ownClipping = true
    material.clippingPlanes = axis === 'none' ? [] : [new THREE.Plane(new THREE.Vector3(...[0, 1, 2].map((k) => (k === axis ? -1 : 0))), offset)]
    material.needsUpdate = true
    scene.requestRender()
  }, [scene, material, axis, offset])

  // A series plays one step after another, each once it is drawn, and stops at its last.
  useEffect(() => {
    if (!playing || drawnStep !== step) return
    if (step >= session.steps.length - 1) {
      setPlaying(false)
      return
    }
    const timer = setTimeout(() => setStep(step + 1), STEP_MS)
    return () => clearTimeout(timer)
  }, [playing, step, drawnStep, session.steps.length])

  // The value under the pointer: the surface hit (on the kept side of the clip), asked of the worker once a frame.
  const probeAt = useMemo(() => {
    const raycaster = new THREE.Raycaster()
    return async (ndc: THREE.Vector2) => {
      const { step: at, selected: key, component: which } = latest.current
      const chosen = info.fields.find((f) => fieldKey(f) === key)
      if (!chosen) return
      raycaster.setFromCamera(ndc, scene.camera)
      const planes = material.clippingPlanes ?? []
      const hit = raycaster.intersectObject(mesh).find((h) => planes.every((p) => p.distanceToPoint(h.point) >= 0))
      if (!hit || hit.faceIndex == null) return setProbed(null)
      const position = mesh.geometry.getAttribute('position')
      const corners = [0, 1, 2].map((k) => new THREE.Vector3().fromBufferAttribute(position, hit.faceIndex! * 3 + k))
      const weights = THREE.Triangle.getBarycoord(hit.point, corners[0]!, corners[1]!, corners[2]!, new THREE.Vector3())
      if (!weights) return
      const value = await session.probe(at, hit.faceIndex, [weights.x, weights.y, weights.z], chosen.name, which)
      if (latest.current.step === at && latest.current.selected === key) setProbed(value)
    }
  }, [session, mesh, scene, material, info])

  useEffect(() => {
    const canvas = scene.canvas
    let frame = 0
    const onMove = (event: PointerEvent) => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        const rect = canvas.getBoundingClientRect()
        void probeAt(new THREE.Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1))
      })
    }
    canvas.addEventListener('pointermove', onMove)
    return () => {
      canvas.removeEventListener('pointermove', onMove)
      cancelAnimationFrame(frame)
    }
  }, [scene, probeAt])

  const chooseField = (key: string) => {
    setSelected(key)
    setComponent('magnitude')
    setFixed(null)
    setProbed(null)
  }
  const applyTyped = () => {
    const min = Number(typed.min)
    const max = Number(typed.max)
    if (typed.min.trim() !== '' && typed.max.trim() !== '' && Number.isFinite(min) && Number.isFinite(max) && max > min) setFixed({ min, max })
  }
  const typedInvalid = typed.min.trim() !== '' && typed.max.trim() !== '' && !(Number(typed.max) > Number(typed.min))
  const unit = field ? unitOf(field.name) : null
  const axisMin = axis === 'none' ? 0 : info.min[axis]
  const axisMax = axis === 'none' ? 1 : info.max[axis]
  const current = session.steps[step]!

  return (
    <SideList id={id} title="Results" testId="results-panel" open={open}>
      <div className="flex flex-col gap-3">
        <p className="text-xs text-(--color-light)">
          {info.cells.toLocaleString('en-GB')} cells, {info.points.toLocaleString('en-GB')} points
        </p>
        {error ? <p role="alert">{error}</p> : null}
        {info.fields.length === 0 ? (
          <p>This file holds no fields.</p>
        ) : (
          <>
            <div>
              <label className={labelClass} htmlFor={`${ids}-field`}>
                Field
              </label>
              <select id={`${ids}-field`} className={inputClass} value={selected} onChange={(e) => chooseField(e.target.value)}>
                {(['point', 'cell'] as const).map((location) => (
                  <optgroup key={location} label={location === 'point' ? 'On the points' : 'On the cells'}>
                    {info.fields
                      .filter((f) => f.location === location)
                      .map((f) => (
                        <option key={fieldKey(f)} value={fieldKey(f)}>
                          {f.name}
                          {f.components > 1 ? ` (${f.components} components)` : ''}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            </div>
            {field && field.components > 1 ? (
              <div>
                <label className={labelClass} htmlFor={`${ids}-component`}>
                  Component
                </label>
                <select id={`${ids}-component`} className={inputClass} value={String(component)} onChange={(e) => (setComponent(e.target.value === 'magnitude' ? 'magnitude' : Number(e.target.value)), setFixed(null))}>
                  <option value="magnitude">Magnitude</option>
                  {componentNames(field.components).map((name, k) => (
                    <option key={name} value={k}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {field && range ? <ResultLegend name={`${field.name}${field.components > 1 ? ` (${componentLabel(field.components, component)})` : ''}`} unit={unit} range={range} fixed={fixed !== null} /> : null}
            <fieldset className="flex flex-col gap-1">
              <legend className={labelClass}>Colour range</legend>
              <div className="flex gap-2">
                <label className="flex-1 text-xs">
                  Minimum
                  <input className={inputClass} type="number" step="any" value={typed.min} placeholder={autoRange ? formatValue(autoRange.min) : ''} aria-invalid={typedInvalid} onChange={(e) => setTyped({ ...typed, min: e.target.value })} onBlur={applyTyped} onKeyDown={(e) => e.key === 'Enter' && applyTyped()} />
                </label>
                <label className="flex-1 text-xs">
                  Maximum
                  <input className={inputClass} type="number" step="any" value={typed.max} placeholder={autoRange ? formatValue(autoRange.max) : ''} aria-invalid={typedInvalid} onChange={(e) => setTyped({ ...typed, max: e.target.value })} onBlur={applyTyped} onKeyDown={(e) => e.key === 'Enter' && applyTyped()} />
                </label>
              </div>
              {typedInvalid ? <p className="text-xs">The maximum must be more than the minimum.</p> : null}
              <button type="button" className={secondaryButtonClass} disabled={!fixed} onClick={() => (setFixed(null), setTyped({ min: '', max: '' }))}>
                Use the field’s range
              </button>
            </fieldset>
            <div>
              <p className={labelClass} id={`${ids}-probe`}>
                Value under the pointer
              </p>
              <output aria-labelledby={`${ids}-probe`} data-testid="result-probe" className="block text-sm">
                {probed ? `${formatValue(probed.value)}${unit ? ` ${unit}` : ''} at (${probed.at.map((v) => formatValue(v)).join(', ')})` : 'Move the pointer over the model'}
              </output>
              <button type="button" className={`${secondaryButtonClass} mt-1`} onClick={() => void probeAt(new THREE.Vector2(0, 0))}>
                Probe the centre of the view
              </button>
            </div>
          </>
        )}
        <fieldset className="flex flex-col gap-1">
          <legend className={labelClass}>Clip</legend>
          <label className="text-xs" htmlFor={`${ids}-axis`}>
            Plane across
          </label>
          <select
            id={`${ids}-axis`}
            className={inputClass}
            value={String(axis)}
            onChange={(e) => {
              const next = e.target.value === 'none' ? 'none' : (Number(e.target.value) as 0 | 1 | 2)
              setAxis(next)
              if (next !== 'none') setOffset((info.min[next] + info.max[next]) / 2)
            }}
          >
            <option value="none">No clipping</option>
            {axisNames.map((name, k) => (
              <option key={name} value={k}>
                {name} axis
              </option>
            ))}
          </select>
          {axis !== 'none' ? (
            <label className="text-xs">
              Offset: {formatValue(offset)}
              <input className="w-full" type="range" min={axisMin} max={axisMax} step={(axisMax - axisMin) / 200 || 1} value={offset} onChange={(e) => setOffset(Number(e.target.value))} />
            </label>
          ) : null}
        </fieldset>
        {displacements.length ? (
          <fieldset className="flex flex-col gap-1">
            <legend className={labelClass}>Deformed shape</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={warpOn} onChange={(e) => setWarpOn(e.target.checked)} />
              Warp by displacement
            </label>
            {displacements.length > 1 ? (
              <select aria-label="Displacement field" className={inputClass} value={warpField} onChange={(e) => setWarpField(e.target.value)}>
                {displacements.map((f) => (
                  <option key={f.name}>{f.name}</option>
                ))}
              </select>
            ) : null}
            <label className="text-xs">
              Scale: × {formatValue(scale)}
              <input className="w-full" type="range" min={0} max={defaultScale(results.first, displacements[0]) * 10} step={defaultScale(results.first, displacements[0]) / 10} value={scale} disabled={!warpOn} onChange={(e) => setScale(Number(e.target.value))} />
            </label>
          </fieldset>
        ) : null}
        {session.isSeries ? (
          <fieldset className="flex flex-col gap-1">
            <legend className={labelClass}>Time steps</legend>
            <p className="text-sm" data-testid="result-step" aria-live="polite">
              Step {drawnStep + 1} of {session.steps.length}, time {formatValue(session.steps[drawnStep]!.time)}
            </p>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                if (!playing && step >= session.steps.length - 1) setStep(0)
                setPlaying(!playing)
              }}
            >
              {playing ? 'Pause' : 'Play'}
            </button>
            <label className="text-xs">
              Time step
              <input className="w-full" type="range" min={0} max={session.steps.length - 1} step={1} value={step} aria-valuetext={`Step ${step + 1} of ${session.steps.length}, time ${formatValue(current.time)}`} onChange={(e) => (setPlaying(false), setStep(Number(e.target.value)))} />
            </label>
          </fieldset>
        ) : null}
      </div>
    </SideList>
  )
}
