import { describe, expect, it } from 'vitest'
import { canMove, manualMovesFrom, stageLabel } from './job-stages'

describe('job stages', () => {
  it('lets the consultancy move a job through its work, one step at a time', () => {
    expect(manualMovesFrom('accepted', 'consultancy')).toEqual(['in_progress', 'cancelled'])
    expect(manualMovesFrom('in_progress', 'consultancy')).toEqual(['in_review', 'completed', 'cancelled'])
    expect(manualMovesFrom('completed', 'consultancy')).toEqual(['released'])
    expect(manualMovesFrom('released', 'consultancy')).toEqual([])
    expect(canMove('accepted', 'released', 'consultancy')).toBe(false)
  })

  it('lets the client only cancel, and only before accepting a quote; quotes move a job only through a quote', () => {
    expect(manualMovesFrom('pending', 'client')).toEqual(['cancelled'])
    expect(manualMovesFrom('accepted', 'client')).toEqual([])
    expect(canMove('quoted', 'accepted', 'client')).toBe(false)
    expect(canMove('quoted', 'accepted', 'client', true)).toBe(true)
    expect(canMove('quoted', 'accepted', 'consultancy', true)).toBe(false)
    expect(canMove('declined', 'quoted', 'consultancy', true)).toBe(true)
  })

  it('reads a job with no stage as pending, and stages as words', () => {
    expect(manualMovesFrom(null, 'client')).toEqual(['cancelled'])
    expect(stageLabel('in_progress')).toBe('in progress')
    expect(stageLabel(null)).toBe('pending')
  })
})
