import { describe, expect, it } from 'vitest'
import { readWorkQueueFilter, workQueueSearch } from './work-queue'

describe('the work queue address', () => {
  it('reads the filters from the address, leaving out a value that is not valid', () => {
    expect(readWorkQueueFilter(new URLSearchParams('stage=quoted&owner=abc123&needs=1&q=%20bracket%20&page=3'))).toEqual({ stage: 'quoted', owner: 'abc123', needs: true, q: 'bracket', page: 3 })
    expect(readWorkQueueFilter(new URLSearchParams('stage=lost&needs=yes&page=0'))).toEqual({ stage: undefined, owner: undefined, needs: false, q: undefined, page: 1 })
    expect(readWorkQueueFilter(new URLSearchParams(`q=${'x'.repeat(201)}`)).q).toBeUndefined()
  })

  it('writes only the filters that are set, so a plain queue is the bare page, and reads back what it wrote', () => {
    expect(workQueueSearch({})).toBe('')
    expect(workQueueSearch({ needs: false, page: 1, q: '' })).toBe('')
    const search = workQueueSearch({ stage: 'accepted', owner: 'u1', needs: true, q: 'PO 7&x', page: 2 })
    expect(search).toBe('?stage=accepted&owner=u1&needs=1&q=PO+7%26x&page=2')
    expect(readWorkQueueFilter(new URLSearchParams(search))).toEqual({ stage: 'accepted', owner: 'u1', needs: true, q: 'PO 7&x', page: 2 })
  })
})
