import { describe, expect, it } from 'vitest'
import { canMove, jobRecordAbilities, jobStages, manualMovesFrom, moveNeedsNote, stageLabel } from './job-stages'

describe('job stages', () => {
  it('lets the consultancy move a job through its work, one step at a time', () => {
    expect(manualMovesFrom('accepted', 'consultancy')).toEqual(['in_progress', 'cancelled'])
    expect(manualMovesFrom('in_progress', 'consultancy')).toEqual(['in_review', 'released', 'cancelled'])
    expect(manualMovesFrom('in_review', 'consultancy')).toEqual(['in_progress', 'released', 'cancelled'])
    expect(manualMovesFrom('completed', 'consultancy')).toEqual([])
    expect(canMove('accepted', 'released', 'consultancy')).toBe(false)
  })

  it('completes a released job only by the client accepting the release, or the consultancy closing it with a note', () => {
    expect(manualMovesFrom('released', 'consultancy')).toEqual(['completed'])
    expect(moveNeedsNote('released', 'completed', 'consultancy')).toBe(true)
    expect(moveNeedsNote('in_progress', 'released', 'consultancy')).toBe(false)
    expect(manualMovesFrom('released', 'client')).toEqual([])
    expect(canMove('released', 'completed', 'client', 'decision')).toBe(true)
    expect(canMove('released', 'in_progress', 'client', 'decision')).toBe(true)
    expect(canMove('released', 'completed', 'client')).toBe(false)
    expect(canMove('released', 'completed', 'consultancy', 'decision')).toBe(false)
    // Nothing else reaches "completed".
    const intoCompleted = jobStages.filter((from) => canMove(from, 'completed', 'consultancy') || canMove(from, 'completed', 'client', 'decision'))
    expect(intoCompleted).toEqual(['released'])
  })

  it('lets the client only cancel, and only before accepting a quote; quotes move a job only through a quote', () => {
    expect(manualMovesFrom('pending', 'client')).toEqual(['cancelled'])
    expect(manualMovesFrom('accepted', 'client')).toEqual([])
    expect(canMove('quoted', 'accepted', 'client')).toBe(false)
    expect(canMove('quoted', 'accepted', 'client', 'quote')).toBe(true)
    expect(canMove('quoted', 'accepted', 'consultancy', 'quote')).toBe(false)
    expect(canMove('declined', 'quoted', 'consultancy', 'quote')).toBe(true)
  })

  it('reads a job with no stage as pending, and stages as words', () => {
    expect(manualMovesFrom(null, 'client')).toEqual(['cancelled'])
    expect(stageLabel('in_progress')).toBe('in progress')
    expect(stageLabel(null)).toBe('pending')
  })

  it('lists the stages in the order a job goes through them (a filter offers them so): released, then completed', () => {
    expect(jobStages).toEqual(['pending', 'quoted', 'accepted', 'in_progress', 'in_review', 'released', 'completed', 'declined', 'cancelled'])
  })

  it('deletes a job only before a quote of it is accepted, and only while it is pending, declined or cancelled', () => {
    const never = (status: string) => ({ status, acceptedAt: null, archivedAt: null })
    const deletable = (by: 'client' | 'consultancy') => jobStages.filter((s) => jobRecordAbilities(never(s), by).delete)
    expect(deletable('client')).toEqual(['pending', 'declined', 'cancelled'])
    expect(deletable('consultancy')).toEqual(['pending', 'declined', 'cancelled'])
    // Cancelled after the acceptance: the consultancy's record, kept.
    for (const by of ['client', 'consultancy'] as const) {
      expect(jobRecordAbilities({ status: 'cancelled', acceptedAt: '2026-11-20', archivedAt: null }, by).delete).toBe(false)
      expect(jobRecordAbilities({ status: 'released', acceptedAt: '2026-11-20', archivedAt: null }, by).delete).toBe(false)
    }
  })

  it('lets only the consultancy archive a job with nothing left to do, and bring it back', () => {
    const archivable = jobStages.filter((s) => jobRecordAbilities({ status: s, acceptedAt: null, archivedAt: null }, 'consultancy').archive)
    expect(archivable).toEqual(['completed', 'declined', 'cancelled'])
    expect(jobRecordAbilities({ status: 'released', acceptedAt: '2026-11-20', archivedAt: null }, 'client')).toEqual({ delete: false, archive: false, unarchive: false })
    const archived = { status: 'cancelled', acceptedAt: null, archivedAt: '2026-11-26' }
    expect(jobRecordAbilities(archived, 'consultancy')).toEqual({ delete: false, archive: false, unarchive: true })
    expect(jobRecordAbilities(archived, 'client')).toEqual({ delete: false, archive: false, unarchive: false })
  })
})
