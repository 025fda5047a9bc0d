import { describe, expect, it } from 'vitest'
import type { Actor } from './actor'
import { ActorCache, type Resolved } from './actor-cache'

const alice: Actor = { userId: 'u-alice', email: 'alice@example.test', groups: [], isAdmin: false, companyId: null, companyRole: null }

/** A lookup that answers when told to, counting how often the database was asked. */
function slowDatabase() {
  let asked = 0
  const waiting: (() => void)[] = []
  const ask = () => {
    asked++
    return new Promise<Resolved>((resolve) => waiting.push(() => resolve({ actor: alice, endsAt: null })))
  }
  return { ask, asked: () => asked, answerAll: () => waiting.splice(0).forEach((answer) => answer()) }
}

describe('ActorCache.resolve', () => {
  it('lets requests that miss the same key together share one database lookup, and remembers its answer', async () => {
    const cache = new ActorCache()
    cache.setTrusted(true)
    const db = slowDatabase()
    const answers = Array.from({ length: 50 }, () => cache.resolve('session:abc', db.ask))
    db.answerAll()
    expect(await Promise.all(answers)).toEqual(Array(50).fill(alice))
    expect(db.asked()).toBe(1)
    expect(cache.get('session:abc')).toEqual(alice)
    expect(await cache.resolve('session:abc', db.ask)).toEqual(alice)
    expect(db.asked()).toBe(1)
  })

  it('does not let a request that comes after an announcement join a lookup that started before it', async () => {
    const cache = new ActorCache()
    cache.setTrusted(true)
    const db = slowDatabase()
    const before = cache.resolve('session:abc', db.ask)
    cache.forgetUser(alice.userId) // e.g. the session was deleted meanwhile
    const after = cache.resolve('session:abc', db.ask)
    db.answerAll()
    await Promise.all([before, after])
    expect(db.asked()).toBe(2)
  })

  it('asks once per request, and remembers nothing, while announcements are not heard', async () => {
    const cache = new ActorCache()
    const db = slowDatabase()
    const answers = [cache.resolve('k', db.ask), cache.resolve('k', db.ask)]
    db.answerAll()
    expect(await Promise.all(answers)).toEqual([alice, alice])
    expect(db.asked()).toBe(2)
    expect(cache.get('k')).toBeUndefined()
  })

  it('remembers no answer for a key the database does not know', async () => {
    const cache = new ActorCache()
    cache.setTrusted(true)
    let asked = 0
    const unknown = async () => {
      asked++
      return null
    }
    expect(await cache.resolve('k', unknown)).toBeNull()
    expect(await cache.resolve('k', unknown)).toBeNull()
    expect(asked).toBe(2)
  })
})
