import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  ADDRESS_COMMA_MESSAGE,
  ETHEREUM_ADDRESS_MESSAGE,
  joinPostalAddress,
  normalisePhoneNumber,
  normaliseWebsite,
  PHONE_NUMBER_MESSAGE,
  profileChangeSchema,
  profileSchema,
  splitPostalAddress,
  WEBSITE_MESSAGE,
} from './profile-schema'

const empty = { phoneNumber: '', nickname: '', givenName: '', familyName: '', website: '', companyName: '', ethereumAddress: '', building: '', road: '', town: '', county: '', postcode: '' }

function fieldErrors(input: Record<string, unknown>) {
  const result = profileSchema.safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]))
}

describe('profile schema', () => {
  it('accepts an empty form: every field is optional and reads as empty (cleared)', () => {
    expect(profileSchema.parse({})).toEqual(empty)
    expect(profileSchema.parse({ nickname: null, website: '   ' })).toEqual(empty)
  })

  it('reads the form as the browser posts it, empty inputs included (the form library turns them into missing values)', () => {
    const form = new FormData()
    for (const key of Object.keys(empty)) form.set(key, '')
    form.set('intent', 'update-details')
    form.set('companyName', 'Acme')
    const submission = parseWithZod(form, { schema: profileSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ ...empty, companyName: 'Acme' })
  })

  it('takes a UK national phone number as people write it and stores it in international form', () => {
    for (const typed of ['01422 123456', '(01422) 123-456', '01422123456', '+44 1422 123456', '+44 (0)1422 123456', '0044 1422 123456']) {
      expect(profileSchema.parse({ phoneNumber: typed }).phoneNumber, typed).toBe('+441422123456')
    }
    expect(normalisePhoneNumber('07700 900123')).toBe('+447700900123')
    expect(normalisePhoneNumber('+1 (415) 555-0100')).toBe('+14155550100')
  })

  it('refuses what cannot be a phone number, with the reason beside the field', () => {
    for (const typed of ['01422', 'call me', '+0 123 456 789', '1422 123456']) expect(fieldErrors({ phoneNumber: typed }), typed).toEqual({ phoneNumber: PHONE_NUMBER_MESSAGE })
  })

  it('takes a bare domain as a website and stores it with https://', () => {
    expect(profileSchema.parse({ website: 'meshwork.example' }).website).toBe('https://meshwork.example')
    expect(profileSchema.parse({ website: 'www.meshwork.example/about' }).website).toBe('https://www.meshwork.example/about')
    expect(profileSchema.parse({ website: 'http://meshwork.example' }).website).toBe('http://meshwork.example')
    expect(normaliseWebsite('https://meshwork.example')).toBe('https://meshwork.example')
  })

  it('refuses scripts and addresses that are not web pages', () => {
    for (const typed of ['javascript:alert(1)', 'ftp://meshwork.example', 'meshwork', 'not a web address', 'data:text/html,hi']) {
      expect(fieldErrors({ website: typed }), typed).toEqual({ website: WEBSITE_MESSAGE })
    }
  })

  it('refuses a comma inside an address part, which could not be stored as one of the five parts', () => {
    expect(fieldErrors({ road: 'Mill Lane, Upper' })).toEqual({ road: ADDRESS_COMMA_MESSAGE })
    expect(fieldErrors({ ethereumAddress: '0x12', nickname: 'x'.repeat(61) })).toEqual({ ethereumAddress: ETHEREUM_ADDRESS_MESSAGE, nickname: 'At most 60 characters' })
  })

  it('changes only the fields given (GraphQL), where null or empty clears one', () => {
    expect(profileChangeSchema.parse({ nickname: 'Dee' })).toEqual({ nickname: 'Dee' })
    expect(profileChangeSchema.parse({ nickname: null, phoneNumber: '01422 123456' })).toEqual({ nickname: '', phoneNumber: '+441422123456' })
  })

  it('stores the address as five comma-joined parts and reads it back', () => {
    const parts = { building: 'Unit 4', road: 'Mill Lane', town: 'Hebden Bridge', county: 'West Yorkshire', postcode: 'HX7 8AA' }
    expect(joinPostalAddress(parts)).toBe('Unit 4, Mill Lane, Hebden Bridge, West Yorkshire, HX7 8AA')
    expect(splitPostalAddress(joinPostalAddress(parts))).toEqual(parts)
    expect(joinPostalAddress({})).toBeNull()
  })
})
