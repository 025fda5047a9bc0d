import { describe, expect, it } from 'vitest'
import { contactMessages as m, validateContact } from './contact-schema'

const valid = { name: 'Ada Lovelace', email: 'ada@example.co.uk', message: 'Could you quote for a CFD study of a trailer roof (about 3 m long)?' }
const errorsFor = (values: Partial<typeof valid>) => validateContact({ ...valid, ...values }).errors ?? {}

describe('contact name', () => {
  it.each([
    ['', m.nameRequired],
    ['   ', m.nameRequired],
    ['Al', m.nameInvalid], // 2 letters
    ['A b', m.nameInvalid], // 2 letters, spaces do not count
    ['Abcdefghijklmnopqrstuvwxyza', m.nameInvalid], // 27 letters
    ['Ann-Marie', m.nameInvalid], // hyphen is not a letter
    ['R2 D2', m.nameInvalid],
    ['Daaave', m.nameInvalid], // a letter three times in a row
    ['AAAron', m.nameInvalid], // case does not hide the repetition
    ['A B C D E F', m.nameInvalid], // five spaces
  ])('%j -> %s', (name, message) => {
    expect(errorsFor({ name }).name).toBe(message)
  })

  it.each(['Ada', 'Abcdefghijklmnopqrstuvwxyz', 'Seán Ó Briain', 'Mary Ann de la Cruz', 'Aaron'])('accepts %j', (name) => {
    expect(errorsFor({ name }).name).toBeUndefined()
  })
})

describe('contact email', () => {
  it.each([
    ['', m.emailRequired],
    ['ada', m.emailMalformed],
    ['ada@example', m.emailMalformed],
    ['ada lovelace@example.com', m.emailMalformed],
    ['ada@exa_mple.com', m.emailDomain],
    ['ada@-example.com', m.emailDomain],
    ['ada@example.c0m', m.emailDomain],
  ])('%j -> %s', (email, message) => {
    expect(errorsFor({ email }).email).toBe(message)
  })

  it('accepts a normal address and trims it', () => {
    expect(validateContact({ ...valid, email: ' ada@mail.example.com ' }).data?.email).toBe('ada@mail.example.com')
  })
})

describe('contact message', () => {
  it.each([
    ['', m.messageRequired],
    ['  \n ', m.messageRequired],
    ['Price <b>now</b>', m.messageCharacters],
    ['Email me at ada@example.com', m.messageCharacters],
    ['Cost £500?', m.messageCharacters],
    ['x'.repeat(1801), m.messageTooLong],
  ])('%j -> %s', (message, expected) => {
    expect(errorsFor({ message }).message).toBe(expected)
  })

  it('accepts the allowed punctuation, digits and accented Latin letters', () => {
    const message = `Bonjour, café "Zoë" (naïve): 50% done! Really? Yes; it's 3/4 - more.\nThanks`
    expect(errorsFor({ message }).message).toBeUndefined()
    expect(errorsFor({ message: 'x'.repeat(1800) }).message).toBeUndefined()
  })
})

it('reports one message per field and nothing when valid', () => {
  expect(validateContact(valid)).toEqual({ data: valid })
  expect(validateContact({}).errors).toEqual({ name: m.nameRequired, email: m.emailRequired, message: m.messageRequired })
})
