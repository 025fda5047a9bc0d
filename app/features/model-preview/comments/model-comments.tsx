import { useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import * as THREE from 'three'
import type { PinnedView, RevisionCommentView } from '../../../../lib/review-comments'
import type { ModelScene } from '../model-scene'
import { onCanvasClick, pickModel, type ScenePart } from '../scene-parts'
import type { SectionPlane, Tool } from '../viewer-tools'
import { addPinnedComment, CommentTool } from './comment-tool'
import { commentPins, PinOverlay } from './comment-pins'
import { CommentsPanel } from './comments-panel'
import type { ReviewComments } from './review-props'
import { useOpenComment } from './use-open-comment'
import { applyCamera, readModelView, sectionPlanes } from './view-state'

type ModelPin = Extract<PinnedView, { kind: 'model' }>
type Point = [number, number, number]

/**
 * Comments pinned on a model: the Comment tool's panel (pick a point, or take the view's centre from
 * the keyboard, then write), the pins over the model, and the comments list, whose comments put the
 * viewer back in the view they were made in (camera, section planes, hidden parts).
 */
export function useModelComments({
  review,
  scene,
  parts,
  hidden,
  setHidden,
  planes,
  setPlanes,
  open,
  setOpen,
}: {
  review: ReviewComments | undefined
  scene: ModelScene | null
  parts: readonly ScenePart[]
  hidden: ReadonlySet<string>
  setHidden: (hidden: Set<string>) => void
  planes: SectionPlane[]
  setPlanes: Dispatch<SetStateAction<SectionPlane[]>>
  open: Tool | null
  setOpen: (tool: Tool | null) => void
}) {
  const [activeId, setActiveId] = useState<string | null>(null)
  const [pending, setPending] = useState<Point | null>(null)
  const [overlay, setOverlay] = useState<PinOverlay | null>(null)
  const withComments = review !== undefined
  const picking = open === 'comment' && review?.onAddComment !== undefined

  // The pins follow the model as the view turns.
  useEffect(() => {
    if (!scene || !withComments) return
    const canvas = scene.canvas
    const v = new THREE.Vector3()
    const pins = new PinOverlay(canvas.parentElement!, (point) => {
      v.set(point[0]!, point[1]!, point[2]!).project(scene.camera)
      if (v.z > 1 || v.z < -1) return null
      return { x: ((v.x + 1) / 2) * canvas.clientWidth, y: ((1 - v.y) / 2) * canvas.clientHeight }
    })
    scene.beforeRender.add(pins.place)
    setOverlay(pins)
    return () => {
      scene.beforeRender.delete(pins.place)
      pins.dispose()
      setOverlay(null)
    }
  }, [scene, withComments])

  useEffect(() => {
    if (!overlay || !review) return
    overlay.set(commentPins(review.comments, 'model', picking ? pending : null), activeId)
    scene?.requestRender()
  }, [overlay, review, pending, picking, activeId, scene])

  // While the Comment tool is open, a click on the model (not a drag) picks the point to pin.
  useEffect(() => {
    if (!picking || !scene) return
    const canvas = scene.canvas
    canvas.style.cursor = 'crosshair'
    const stop = onCanvasClick(canvas, (event) => {
      const pick = pickModel(scene.camera, canvas, scene.root, event.clientX, event.clientY)
      if (pick) setPending(pick.point)
    })
    return () => {
      stop()
      canvas.style.cursor = ''
    }
  }, [picking, scene])
  useEffect(() => {
    if (!picking) setPending(null)
  }, [picking])

  /** The keyboard's pick: the point of the model at the centre of the view, else the point the view turns about. */
  const pickCentre = () => {
    if (!scene) return
    const canvas = scene.canvas
    const rect = canvas.getBoundingClientRect()
    const pick = pickModel(scene.camera, canvas, scene.root, rect.left + rect.width / 2, rect.top + rect.height / 2)
    const t = scene.controls.target
    setPending(pick ? pick.point : [t.x, t.y, t.z])
  }

  const applyView = (view: ModelPin) => {
    if (!scene) return
    applyCamera(scene, view.camera)
    setPlanes(sectionPlanes(view.sections, 1))
    const keys = new Set(view.hiddenParts.filter((k) => parts.some((p) => p.key === k)))
    scene.setVisible(
      parts.flatMap((p) => p.meshes),
      true,
    )
    scene.setVisible(
      parts.filter((p) => keys.has(p.key)).flatMap((p) => p.meshes),
      false,
    )
    setHidden(keys)
    // The section panel shows the planes the view has.
    if (view.sections.length) setOpen('section')
    else if (open === 'section' || open === 'comment') setOpen(null)
  }

  const activate = (comment: RevisionCommentView) => {
    setActiveId(comment.id)
    if (comment.view?.kind === 'model') applyView(comment.view)
  }

  // The comment the viewer was opened on, once the model is in the scene and its parts listed.
  useOpenComment(scene !== null, review, activate)

  if (!review) return { commentPanel: undefined, commentsPanel: null }

  const submit = (body: string) => {
    if (!scene || !pending) return Promise.reject(new Error('Pick a point on the model first.'))
    return addPinnedComment(review, body, readModelView(scene, pending, planes, hidden)).then(() => {
      setPending(null)
      setOpen(null)
    })
  }

  // Someone who may only read the comments gets the pins and the list, not the Comment tool.
  const commentPanel = review.onAddComment ? <CommentTool pinned={pending !== null} on="model" keeps="camera, section planes, hidden parts" onPickCentre={pickCentre} onSubmit={submit} onCancel={() => setPending(null)} /> : undefined
  const commentsPanel = <CommentsPanel comments={review.comments} activeId={activeId} onActivate={activate} onReply={review.onReply} onResolve={review.onResolve} />
  return { commentPanel, commentsPanel }
}
